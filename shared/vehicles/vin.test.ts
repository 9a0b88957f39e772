import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIN_CHECK_MESSAGES, VIN_CHECK_POSITION, vinCheckDigit, vinCheckIssue, withVinCheckDigit } from './vin';

const VIN_CHARACTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'.split('');
const vinCharacters = fc.array(fc.constantFrom(...VIN_CHARACTERS), { minLength: 17, maxLength: 17 }).map((c) => c.join(''));

describe('vinCheckDigit (49 CFR 565.15)', () => {
  it('holds for the published examples', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('1G4AH59H45G118341')).toBe('4');
    expect(vinCheckIssue('1M8GDM9AXKP042788')).toBeNull();
    expect(vinCheckIssue('1G4AH59H45G118341')).toBeNull();
  });

  it('names the digit a wrong North American VIN should carry', () => {
    expect(vinCheckDigit('1XPTD40X0JD456115')).toBe('6');
    expect(vinCheckIssue('1XPTD40X0JD456115')).toEqual({
      severity: 'error',
      expected: '6',
      message: VIN_CHECK_MESSAGES.wrong('6'),
    });
  });

  it('only warns for a VIN made outside North America', () => {
    expect(vinCheckIssue('WVWZZZ1JZXW000001')).toEqual({
      severity: 'warning',
      expected: '0',
      message: VIN_CHECK_MESSAGES.warning('0'),
    });
  });

  it('reads lower case as upper case', () => {
    expect(vinCheckIssue('1m8gdm9axkp042788')).toBeNull();
  });

  it('leaves VINs that are not 17 VIN characters to the length and character rules (I, O and Q are never valid)', () => {
    expect(vinCheckDigit('1M8GDM9AXKP04278')).toBeNull();
    expect(vinCheckDigit('1M8GDM9AXKP0427I8')).toBeNull();
    expect(vinCheckDigit('1M8GDM9AXKP0427O8')).toBeNull();
    expect(vinCheckDigit('1M8GDM9AXKP0427Q8')).toBeNull();
    expect(vinCheckIssue('IM8GDM9AXKP042788')).toBeNull();
  });

  it('accepts every VIN carrying its own check digit, and refuses every other 9th character on a North American VIN', () => {
    fc.assert(
      fc.property(vinCharacters, fc.constantFrom(...'0123456789X'.split('')), (raw, other) => {
        const vin = withVinCheckDigit(`1${raw.slice(1)}`);
        expect(vinCheckIssue(vin)).toBeNull();
        const changed = `${vin.slice(0, VIN_CHECK_POSITION)}${other}${vin.slice(VIN_CHECK_POSITION + 1)}`;
        expect(vinCheckIssue(changed)?.severity ?? null).toBe(other === vin[VIN_CHECK_POSITION] ? null : 'error');
      }),
    );
  });

  it('does not depend on the 9th character itself (its weight is 0)', () => {
    fc.assert(
      fc.property(vinCharacters, fc.constantFrom(...VIN_CHARACTERS), (vin, ninth) => {
        const changed = `${vin.slice(0, VIN_CHECK_POSITION)}${ninth}${vin.slice(VIN_CHECK_POSITION + 1)}`;
        expect(vinCheckDigit(changed)).toBe(vinCheckDigit(vin));
      }),
    );
  });
});
