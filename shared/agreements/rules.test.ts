import { describe, expect, it } from 'vitest';
import { agreementAllowsPayment, agreementState, fillAgreement } from './rules';

const values = { client: 'Ada Lovelace', broker: 'Bo Broker', vehicle: '2025 Honda Civic', fee: '$499.00' };

describe('fillAgreement', () => {
  it('fills each placeholder, every time it appears, spaces inside the braces allowed', () => {
    expect(fillAgreement('{{client}} hires {{ broker }} for the {{vehicle}}; {{client}} pays {{fee}}.', values)).toBe(
      'Ada Lovelace hires Bo Broker for the 2025 Honda Civic; Ada Lovelace pays $499.00.',
    );
  });

  it('leaves an unknown placeholder as written', () => {
    expect(fillAgreement('Dear {{clent}}', values)).toBe('Dear {{clent}}');
  });
});

describe('agreementState', () => {
  it('is the furthest step reached', () => {
    expect(agreementState({})).toBe('not_sent');
    expect(agreementState({ sentAt: 'x' })).toBe('sent');
    expect(agreementState({ sentAt: 'x', viewedAt: 'y' })).toBe('viewed');
    expect(agreementState({ viewedAt: 'y' })).toBe('viewed');
    expect(agreementState({ sentAt: 'x', signedAt: 'z' })).toBe('signed');
  });
});

describe('agreementAllowsPayment', () => {
  it('lets the fee through without a signature only when the company does not ask for one', () => {
    expect(agreementAllowsPayment(false, false)).toBe(true);
    expect(agreementAllowsPayment(true, false)).toBe(false);
    expect(agreementAllowsPayment(true, true)).toBe(true);
  });
});
