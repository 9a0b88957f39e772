import { describe, expect, it } from 'vitest';
import { atTime } from '../calendar';
import { CLIENT_MESSAGES, clientSchema, dateOfBirthIssue, newClientDialogSchema, parsePreferredMakes } from './schemas';

type Parsed = { error?: { issues: { message: string }[] } };
const firstMessage = (result: Parsed) => result.error?.issues[0]?.message;
const valid = { fullName: "Mary-Jane O'Neil", email: 'Mary@Example.com' };

describe('clientSchema', () => {
  it('stores blank optional fields as null and normalises the e-mail', () => {
    expect(clientSchema.parse({ ...valid, phone: '', address: ' ', creditScore: null })).toEqual({
      fullName: "Mary-Jane O'Neil",
      email: 'mary@example.com',
      phone: null,
      address: null,
      creditScore: null,
      dateOfBirth: null,
      preferredMakes: [],
      notes: null,
    });
  });

  it.each([
    [{ fullName: '' }, 'Name and email are required'],
    [{ email: '' }, 'Name and email are required'],
    [{ email: 'mary' }, 'Invalid email address'],
    [{ fullName: 'a'.repeat(101) }, CLIENT_MESSAGES.fullNameTooLong],
    [{ fullName: 'Mary 2nd' }, CLIENT_MESSAGES.fullNameCharacters],
    [{ fullName: 'Mary.Jane' }, CLIENT_MESSAGES.fullNameCharacters],
    [{ phone: '0123456' }, 'Invalid phone number format'],
    [{ phone: '+1234567890123456' }, 'Invalid phone number format'],
    [{ address: 'a'.repeat(501) }, CLIENT_MESSAGES.addressTooLong],
    [{ creditScore: 299 }, CLIENT_MESSAGES.creditScore],
    [{ creditScore: 851 }, CLIENT_MESSAGES.creditScore],
    [{ creditScore: 700.5 }, CLIENT_MESSAGES.creditScore],
    [{ dateOfBirth: '05/01/1990' }, CLIENT_MESSAGES.dateOfBirth],
    [{ dateOfBirth: '1990-02-30' }, CLIENT_MESSAGES.dateOfBirth],
    [{ notes: 'n'.repeat(2001) }, CLIENT_MESSAGES.notesTooLong],
    [{ preferredMakes: ['M'.repeat(51)] }, CLIENT_MESSAGES.preferredMakeTooLong],
  ])('rejects %j with %j', (change, message) => {
    expect(firstMessage(clientSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it.each([
    [{ fullName: 'a'.repeat(100) }],
    [{ fullName: 'José Zoë O’Brien' }],
    [{ phone: '+14155552671' }],
    [{ address: 'a'.repeat(500) }],
    [{ creditScore: 300 }],
    [{ creditScore: 850 }],
    [{ dateOfBirth: '1990-05-01' }],
    [{ notes: 'n'.repeat(2000) }],
  ])('accepts the edge %j', (change) => {
    expect(clientSchema.safeParse({ ...valid, ...change }).success).toBe(true);
  });

  it('takes preferred makes as comma-separated text or as a list', () => {
    expect(clientSchema.parse({ ...valid, preferredMakes: ' Toyota, Honda ,, BMW ' }).preferredMakes).toEqual([
      'Toyota',
      'Honda',
      'BMW',
    ]);
    expect(clientSchema.parse({ ...valid, preferredMakes: ['Kia'] }).preferredMakes).toEqual(['Kia']);
  });
});

describe('parsePreferredMakes', () => {
  it('splits on commas, trims and drops blanks', () => {
    expect(parsePreferredMakes('Toyota,  Honda , ,BMW,')).toEqual(['Toyota', 'Honda', 'BMW']);
    expect(parsePreferredMakes('  ')).toEqual([]);
  });
});

describe('newClientDialogSchema', () => {
  it('needs name and e-mail; phone is optional', () => {
    expect(newClientDialogSchema.parse(valid)).toEqual({
      fullName: "Mary-Jane O'Neil",
      email: 'mary@example.com',
      phone: null,
    });
  });

  it.each([[{ fullName: ' ' }], [{ email: undefined }]])('reads "Please provide client name and email" for %j', (change) => {
    expect(firstMessage(newClientDialogSchema.safeParse({ ...valid, ...change }))).toBe('Please provide client name and email');
  });
});

describe('a client’s date of birth: 18 to 120 years ago', () => {
  /** 2026-05-01 noon UTC: today is 2026-05-01 at UTC-12 and 2026-05-02 at UTC+14. */
  const NOW = new Date('2026-05-01T12:00:00.000Z');
  const dob = (dateOfBirth: string, now = NOW) => atTime(now, () => clientSchema.safeParse({ ...valid, dateOfBirth }));

  it.each([
    ['2008-05-02', 'exactly 18 where today is already 2026-05-02'],
    ['2008-05-01', 'exactly 18'],
    ['1990-07-14', 'in between'],
    ['1906-05-01', 'exactly 120'],
  ])('accepts %s (%s)', (dateOfBirth) => {
    expect(dob(dateOfBirth).success).toBe(true);
  });

  it.each([
    ['2008-05-03', CLIENT_MESSAGES.dateOfBirthTooRecent],
    ['2020-01-01', 'Date of birth must be at least 18 years ago (clients are adults)'],
    ['2027-01-01', CLIENT_MESSAGES.dateOfBirthTooRecent],
    ['1906-04-30', 'Date of birth must be within the last 120 years'],
    ['1800-01-01', CLIENT_MESSAGES.dateOfBirthTooOld],
  ])('refuses %s with %j, on the field', (dateOfBirth, message) => {
    const result = dob(dateOfBirth);
    expect(firstMessage(result)).toBe(message);
    expect(result.error?.issues[0]?.path).toEqual(['dateOfBirth']);
  });

  it('counts a 29 February birthday as reached on 1 March in other years (wherever it is 1 March first)', () => {
    // 09:59 UTC on 28 February: 28 February everywhere up to UTC+14, so not 18 yet.
    expect(dob('2008-02-29', new Date('2026-02-28T09:59:00.000Z')).success).toBe(false);
    expect(dateOfBirthIssue('2008-02-29', new Date('2026-02-28T09:59:00.000Z'))).toBe(CLIENT_MESSAGES.dateOfBirthTooRecent);
    // 10:00 UTC on 28 February: already 1 March at UTC+14.
    expect(dob('2008-02-29', new Date('2026-02-28T10:00:00.000Z')).success).toBe(true);
  });
});

describe('a client’s name and notes', () => {
  it('refuses control or text-direction characters in the name, naming the field', () => {
    for (const fullName of ['Mary\u202EJane', 'Mary\u0000Jane', 'Mary\u2066Jane', 'Mary\nJane']) {
      expect(firstMessage(clientSchema.safeParse({ ...valid, fullName }))).toBe(
        'Full name cannot contain control or text-direction characters',
      );
    }
    expect(firstMessage(newClientDialogSchema.safeParse({ ...valid, fullName: 'Mary\u202EJane' }))).toBe(
      CLIENT_MESSAGES.fullNameControlCharacters,
    );
  });

  it('strips them from the notes and the address', () => {
    const client = clientSchema.parse({
      ...valid,
      notes: 'VIP\u202E client\nPrefers text',
      address: '1 Main St\u0000\nSpringfield',
    });
    expect(client.notes).toBe('VIP client\nPrefers text');
    expect(client.address).toBe('1 Main St\nSpringfield');
  });
});
