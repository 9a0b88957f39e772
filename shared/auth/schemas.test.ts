import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../constants';
import {
  FULL_NAME_CONTROL_CHARACTERS_MESSAGE,
  fullNameSchema,
  ACCOUNT_EMAIL_TOO_LONG_MESSAGE,
  LICENCE_FILE_EXTENSIONS,
  accountEmailSchema,
  PASSWORD_SPECIAL_CHARACTERS,
  companyDomainMessage,
  consumerSignUpSchema,
  emailSchema,
  isCompanyEmail,
  makeSignUpSchema,
  passwordSchema,
  signInSchema,
} from './schemas';

type Parsed = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
const firstMessage = (result: Parsed) => result.error?.issues[0]?.message;
const messages = (result: Parsed) => result.error?.issues.map((issue) => issue.message) ?? [];

const STRONG = 'Lease-Desk-2026';

describe('emailSchema', () => {
  it('trims and lower-cases the address', () => {
    expect(emailSchema.parse('  Ann.Lee@LeaseDesk.COM ')).toBe('ann.lee@leasedesk.com');
  });

  it.each(['', 'ann', 'ann@', '@leasedesk.com', 'ann lee@leasedesk.com'])('rejects %j as "Invalid email address"', (value) => {
    expect(messages(emailSchema.safeParse(value))).toEqual(['Invalid email address']);
  });

  it('keeps 255 characters as the limit of an e-mail that is no account (clients, dealerships, leads)', () => {
    const at200 = `${'a'.repeat(186)}@leasedesk.com`;
    expect(emailSchema.safeParse(at200).success).toBe(true);
  });

  it('accepts 255 characters and rejects 256 with the length message', () => {
    const domain = '@leasedesk.com';
    const at255 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(at255).toHaveLength(255);
    expect(emailSchema.safeParse(at255).success).toBe(true);
    const at256 = `${'a'.repeat(256 - domain.length)}${domain}`;
    expect(messages(emailSchema.safeParse(at256))).toEqual(['Email must be less than 255 characters']);
  });
});

describe('passwordSchema', () => {
  it('accepts a 12-character password with all four classes', () => {
    expect(passwordSchema.safeParse('Abcdefgh12!x').success).toBe(true);
  });

  it.each([
    ['Abcdefg12!x', 'Password must be at least 12 characters'],
    ['abcdefgh12!xy', 'Password must contain at least one uppercase letter'],
    ['ABCDEFGH12!XY', 'Password must contain at least one lowercase letter'],
    ['Abcdefghij!xy', 'Password must contain at least one number'],
    ['Abcdefghij12xy', 'Password must contain at least one special character'],
  ])('rejects %j with %j', (password, message) => {
    expect(messages(passwordSchema.safeParse(password))).toEqual([message]);
  });

  it('reports every missing class, length first', () => {
    expect(messages(passwordSchema.safeParse(''))).toEqual([
      'Password must be at least 12 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });

  it("counts each of Cognito's special characters", () => {
    for (const special of PASSWORD_SPECIAL_CHARACTERS) {
      expect(passwordSchema.safeParse(`Abcdefghij1${special}`).success, special).toBe(true);
    }
  });

  it("does not count characters outside Cognito's set (the pool would refuse them)", () => {
    expect(firstMessage(passwordSchema.safeParse('Abcdefghij1 é'))).toBe('Password must contain at least one special character');
  });
});

describe('signInSchema', () => {
  it('accepts a 6-character password and normalises the e-mail', () => {
    expect(signInSchema.parse({ email: ' Ann@LeaseDesk.com', password: '123456' })).toEqual({
      email: 'ann@leasedesk.com',
      password: '123456',
    });
  });

  it('rejects a 5-character password', () => {
    expect(messages(signInSchema.safeParse({ email: 'ann@leasedesk.com', password: '12345' }))).toEqual([
      'Password must be at least 6 characters',
    ]);
  });
});

describe('company domain', () => {
  it('names the host in the message', () => {
    expect(companyDomainMessage('leasedesk.com')).toBe('Only @leasedesk.com email addresses are allowed to sign up.');
    expect(companyDomainMessage('@LeaseDesk.com')).toBe('Only @leasedesk.com email addresses are allowed to sign up.');
  });

  it.each([
    ['ann@leasedesk.com', true],
    [' Ann@LEASEDESK.com ', true],
    ['ann@gmail.com', false],
    ['ann@sub.leasedesk.com', false],
    ['ann@leasedesk.com.evil.io', false],
    ['ann@evilleasedesk.com', false],
    ['leasedesk.com', false],
  ])('%s is a company address: %s', (email, expected) => {
    expect(isCompanyEmail(email, 'leasedesk.com')).toBe(expected);
  });
});

describe('makeSignUpSchema', () => {
  const schema = makeSignUpSchema('leasedesk.com');
  const valid = { fullName: 'Ann Lee', email: 'ann@leasedesk.com', password: STRONG, confirmPassword: STRONG };

  it('accepts a complete sign-up without a licence file', () => {
    expect(schema.parse(valid)).toEqual({ ...valid });
  });

  it.each([
    [{ fullName: '' }, 'Please enter your full name'],
    [{ fullName: '   ' }, 'Please enter your full name'],
    [{ fullName: 'a'.repeat(101) }, 'Full name must be less than 100 characters'],
    [{ email: 'ann@gmail.com' }, 'Only @leasedesk.com email addresses are allowed to sign up.'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 12 characters'],
    [{ confirmPassword: 'Lease-Desk-2027' }, "Passwords don't match"],
    [{ licenceFile: { name: 'licence.docx', size: 10 } }, 'License must be a PDF, JPG, JPEG or PNG file'],
    [{ licenceFile: { name: 'licence.pdf', size: MAX_UPLOAD_BYTES + 1 } }, 'File must be less than 5MB'],
  ])('rejects %j with %j', (change, message) => {
    expect(firstMessage(schema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('accepts a full name of exactly 100 characters', () => {
    expect(schema.safeParse({ ...valid, fullName: 'a'.repeat(100) }).success).toBe(true);
  });

  it('puts the mismatch on the confirm field', () => {
    const result = schema.safeParse({ ...valid, confirmPassword: 'x' });
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword']);
  });

  it.each(LICENCE_FILE_EXTENSIONS)('accepts a .%s licence of up to 5MB', (extension) => {
    const licenceFile = { name: `licence.${extension}`, size: MAX_UPLOAD_BYTES };
    expect(schema.parse({ ...valid, licenceFile }).licenceFile).toBe(licenceFile);
  });
});

describe('consumerSignUpSchema', () => {
  const valid = { token: 'tok', fullName: 'Carl Consumer', email: 'Carl@Example.com', password: STRONG };

  it('accepts any e-mail domain and normalises it', () => {
    expect(consumerSignUpSchema.parse(valid).email).toBe('carl@example.com');
  });

  it.each([
    [{ fullName: '' }, 'Please enter your full name'],
    [{ email: '' }, 'Invalid email address'],
    [{ password: 'lease-desk-2026' }, 'Password must contain at least one uppercase letter'],
    [{ token: '' }, 'No invitation token provided'],
  ])('rejects %j with %j', (change, message) => {
    expect(firstMessage(consumerSignUpSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });
});

describe('accountEmailSchema: an e-mail Cognito also takes as a username', () => {
  const ofLength = (length: number) => `${'a'.repeat(length - '@leasedesk.com'.length)}@leasedesk.com`;

  it('accepts 128 characters, the longest Cognito username', () => {
    expect(accountEmailSchema.safeParse(ofLength(128))).toMatchObject({ success: true });
  });

  it.each([129, 200, 254])('rejects %i characters with the account length message', (length) => {
    expect(messages(accountEmailSchema.safeParse(ofLength(length)))).toEqual([ACCOUNT_EMAIL_TOO_LONG_MESSAGE]);
  });

  it('still trims, lower-cases and validates first', () => {
    expect(accountEmailSchema.parse('  Ann@LeaseDesk.com ')).toBe('ann@leasedesk.com');
    expect(messages(accountEmailSchema.safeParse('x@gmail.com@leasedesk.com'))).toEqual(['Invalid email address']);
  });

  it('caps every form that creates or signs in an account', () => {
    const email = ofLength(129);
    const password = STRONG;
    expect(firstMessage(signInSchema.safeParse({ email, password }))).toBe(ACCOUNT_EMAIL_TOO_LONG_MESSAGE);
    expect(firstMessage(consumerSignUpSchema.safeParse({ token: 't', fullName: 'Ann', email, password }))).toBe(
      ACCOUNT_EMAIL_TOO_LONG_MESSAGE,
    );
    expect(
      firstMessage(makeSignUpSchema('leasedesk.com').safeParse({ fullName: 'Ann', email, password, confirmPassword: password })),
    ).toBe(ACCOUNT_EMAIL_TOO_LONG_MESSAGE);
  });
});

describe('isCompanyEmail', () => {
  it('judges the whole address with the shared schema, not the part after the last "@"', () => {
    expect(isCompanyEmail('x@gmail.com@leasedesk.com', 'leasedesk.com')).toBe(false);
    expect(isCompanyEmail(' Ann@LeaseDesk.com ', '@leasedesk.com')).toBe(true);
  });
});

describe('full names at sign-up', () => {
  it('refuses control or text-direction characters (brokers and consumers alike)', () => {
    for (const fullName of ['Ann\u202ELee', 'Ann\u0000Lee', 'Ann\u2069Lee']) {
      expect(firstMessage(fullNameSchema.safeParse(fullName))).toBe(FULL_NAME_CONTROL_CHARACTERS_MESSAGE);
    }
    expect(FULL_NAME_CONTROL_CHARACTERS_MESSAGE).toBe('Full name cannot contain control or text-direction characters');
    expect(fullNameSchema.parse(' José Álvarez ')).toBe('José Álvarez');
  });
});
