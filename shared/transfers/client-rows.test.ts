import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_FORM_REQUIRED_MESSAGE } from '../clients/schemas';
import { normalizedPhone } from '../clients/phone';
import { INVALID_EMAIL_MESSAGE } from '../auth/schemas';
import {
  autoMapColumns,
  checkClientRow,
  CLIENT_CSV_HEADER,
  clientCsvValues,
  duplicatesInFile,
  mappedValues,
  type ClientCsvSource,
} from './client-rows';
import { formatPhone } from '../format';
import { parseCsv, toCsv } from './csv';

describe('autoMapColumns', () => {
  it('maps the export header to every field, in order', () => {
    expect(Object.values(autoMapColumns(CLIENT_CSV_HEADER))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('recognises other spellings whatever their case, spaces and punctuation, and leaves unknown columns out', () => {
    const mapping = autoMapColumns(['Customer', 'E-Mail Address', 'Mobile', 'Favourite colour', 'D.O.B.', 'FICO']);
    expect(mapping).toMatchObject({
      fullName: 0,
      email: 1,
      phone: 2,
      dateOfBirth: 4,
      creditScore: 5,
      address: null,
      notes: null,
    });
  });

  it('gives a column to one field only', () => {
    const mapping = autoMapColumns(['Name', 'Name']);
    expect(mapping.fullName).toBe(0);
    expect(Object.values(mapping).filter((index) => index === 1)).toEqual([]);
  });
});

describe('checkClientRow', () => {
  it("uses the client form's rules and messages: missing name, bad e-mail", () => {
    expect(checkClientRow({ email: 'ann@example.com' }).errors).toEqual({ fullName: CLIENT_FORM_REQUIRED_MESSAGE });
    expect(checkClientRow({ fullName: 'Ann Lee', email: 'not-an-email' }).errors).toEqual({ email: INVALID_EMAIL_MESSAGE });
    expect(
      checkClientRow({ fullName: 'Ann Lee', email: 'ann@example.com', creditScore: '720', phone: '+1 415 555 0199' }).errors,
    ).toEqual({});
  });

  it('refuses a credit score that is not a whole number in range', () => {
    expect(
      checkClientRow({ fullName: 'Ann Lee', email: 'ann@example.com', creditScore: 'good' }).errors.creditScore,
    ).toBeTruthy();
    expect(
      checkClientRow({ fullName: 'Ann Lee', email: 'ann@example.com', creditScore: '9000' }).errors.creditScore,
    ).toBeTruthy();
  });
});

describe('normalizedPhone', () => {
  it('keeps digits and drops a North American country code', () => {
    expect(normalizedPhone('+1 (415) 555-0199')).toBe('4155550199');
    expect(normalizedPhone('415.555.0199')).toBe('4155550199');
    expect(normalizedPhone('+44 20 7946 0958')).toBe('442079460958');
    expect(normalizedPhone('12-34')).toBeNull();
    expect(normalizedPhone(undefined)).toBeNull();
  });
});

describe('duplicatesInFile', () => {
  it('points a later row at the first row with the same e-mail (any case) or the same normalized phone', () => {
    expect(
      duplicatesInFile([
        { email: 'ann@example.com', phone: '415-555-0199' },
        { email: 'bob@example.com' },
        { email: 'ANN@example.com ' },
        { email: 'cat@example.com', phone: '+1 415 555 0199' },
        { email: 'dan@example.com', phone: '212 555 0100' },
      ]),
    ).toEqual([null, null, 0, 0, null]);
  });
});

/** Text a spreadsheet cell may hold: any characters, quotes, commas, line breaks and formula starts included. */
const cellText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('=SUM(A1)', '+1 415 555 0199', '-x', '@home', 'say "hi", then\r\nleave', "'=quoted"),
);
const trimmed = cellText.map((value) => value.trim());
const optionalText = fc.option(
  trimmed.filter((value) => value !== ''),
  { nil: null },
);

const clientRow: fc.Arbitrary<ClientCsvSource> = fc.record({
  fullName: trimmed.filter((value) => value !== ''),
  email: optionalText,
  phone: optionalText,
  address: optionalText,
  creditScore: fc.option(fc.integer({ min: 300, max: 850 }), { nil: null }),
  dateOfBirth: fc.option(fc.constantFrom('1980-02-29', '2001-12-31'), { nil: null }),
  // The form's comma-separated makes: no commas inside a make.
  preferredMakes: fc.array(
    trimmed.map((make) => make.replace(/,/g, '').trim()).filter((make) => make !== ''),
    { maxLength: 3 },
  ),
  notes: optionalText,
});

describe('an export re-imports to the same values', () => {
  it('holds for arbitrary client rows (property): write, parse, map by the header, read back', () => {
    fc.assert(
      fc.property(fc.array(clientRow, { minLength: 1, maxLength: 8 }), (clients) => {
        const [header, ...records] = parseCsv(toCsv(CLIENT_CSV_HEADER, clients.map(clientCsvValues)));
        const mapping = autoMapColumns(header!);
        expect(records.map((record) => mappedValues(record, mapping))).toEqual(
          clients.map((client) =>
            Object.fromEntries(
              Object.entries({
                ...client,
                phone: client.phone === null ? null : formatPhone(client.phone),
                creditScore: client.creditScore === null ? null : String(client.creditScore),
                preferredMakes: client.preferredMakes.join(', '),
              }).filter(([, value]) => value !== null && value !== ''),
            ),
          ),
        );
      }),
      { numRuns: 300 },
    );
  });
});
