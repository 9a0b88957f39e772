import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, clientSchema, newClientDialogSchema, parsePreferredMakes } from './schemas';

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
