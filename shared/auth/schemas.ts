/**
 * Account rules: e-mail, password policy, sign-in, broker sign-up (company domain only) and consumer sign-up
 * by invitation. The password rules mirror the Cognito pool's policy so that a password the form accepts is
 * never refused by the pool.
 */
import * as z from 'zod';
import { PASSWORD_MIN_LENGTH, SIGN_IN_PASSWORD_MIN_LENGTH, TEXT_LIMITS } from '../constants';
import { fileSchema, type FileLike } from '../uploads/schemas';
import { INVALID_INPUT, controlCharactersMessage, hasNoControlCharacters, requiredText } from '../validation';

// Re-exported because sign-up names the licence types; uploads owns the list.
export { LICENCE_FILE_EXTENSIONS } from '../uploads/schemas';

export const INVALID_EMAIL_MESSAGE = 'Invalid email address';
export const EMAIL_TOO_LONG_MESSAGE = 'Email must be less than 255 characters';
/** A Cognito username is at most 128 characters, and this pool's usernames are the account e-mails. */
export const ACCOUNT_EMAIL_MAX_LENGTH = 128;
export const ACCOUNT_EMAIL_TOO_LONG_MESSAGE = `Email must be less than ${ACCOUNT_EMAIL_MAX_LENGTH} characters`;

export const PASSWORD_MESSAGES = {
  minLength: 'Password must be at least 12 characters',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
} as const;
export const SIGN_IN_PASSWORD_MESSAGE = 'Password must be at least 6 characters';
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match";
export const FULL_NAME_REQUIRED_MESSAGE = 'Please enter your full name';
export const FULL_NAME_TOO_LONG_MESSAGE = 'Full name must be less than 100 characters';
export const INVITATION_TOKEN_MISSING_MESSAGE = 'No invitation token provided';

/** Toast titles of the auth screen (one toast per refused submit) and the text shown when no schema message applies. */
export const AUTH_TOASTS = {
  invalidEmail: { title: 'Invalid Email', fallback: 'Please enter a valid email address' },
  weakPassword: { title: 'Weak Password', fallback: 'Password does not meet security requirements' },
  invalidName: { title: 'Invalid Name', fallback: FULL_NAME_REQUIRED_MESSAGE },
} as const;

/** Cognito's special characters (its password policy counts only these). */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';
const SPECIAL_CHARACTER = new RegExp(`[${PASSWORD_SPECIAL_CHARACTERS.replace(/[\\\]^-]/g, '\\$&')}]`);

/** Trimmed and lower-cased, so " Ann@LeaseDesk.com" signs in as the same user as "ann@leasedesk.com". */
export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(TEXT_LIMITS.email, EMAIL_TOO_LONG_MESSAGE)
  .pipe(z.email(INVALID_EMAIL_MESSAGE));

/**
 * The e-mail of an account (sign-in, sign-up, invitations that become accounts): an e-mail that Cognito also
 * accepts as a username, so an address of 129 to 254 characters is refused here with a message rather than by
 * Cognito with an error.
 */
export const accountEmailSchema = emailSchema.pipe(z.string().max(ACCOUNT_EMAIL_MAX_LENGTH, ACCOUNT_EMAIL_TOO_LONG_MESSAGE));

export const passwordSchema = z
  .string({ error: INVALID_INPUT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.minLength)
  .regex(/[A-Z]/, PASSWORD_MESSAGES.uppercase)
  .regex(/[a-z]/, PASSWORD_MESSAGES.lowercase)
  .regex(/[0-9]/, PASSWORD_MESSAGES.number)
  .regex(SPECIAL_CHARACTER, PASSWORD_MESSAGES.special);

export const signInSchema = z.object({
  email: accountEmailSchema,
  password: z.string({ error: SIGN_IN_PASSWORD_MESSAGE }).min(SIGN_IN_PASSWORD_MIN_LENGTH, SIGN_IN_PASSWORD_MESSAGE),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const FULL_NAME_CONTROL_CHARACTERS_MESSAGE = controlCharactersMessage('Full name');

/** A person's full name as they give it at sign-up (brokers, consumers): shown to others, so no invisible characters. */
export const fullNameSchema = requiredText(FULL_NAME_REQUIRED_MESSAGE)
  .refine(hasNoControlCharacters, FULL_NAME_CONTROL_CHARACTERS_MESSAGE)
  .max(TEXT_LIMITS.name, FULL_NAME_TOO_LONG_MESSAGE);

/** The domain as configured, with or without a leading "@", lower-cased. */
function normaliseDomain(domain: string): string {
  return domain.trim().replace(/^@/, '').toLowerCase();
}

export function companyDomainMessage(domain: string): string {
  return `Only @${normaliseDomain(domain)} email addresses are allowed to sign up.`;
}

/**
 * True when the address is a valid account e-mail (the shared schema: one "@", a real domain, at most 128
 * characters) of exactly this domain: not a subdomain, not a look-alike, not "x@gmail.com@leasedesk.com".
 */
export function isCompanyEmail(email: string, domain: string): boolean {
  const parsed = accountEmailSchema.safeParse(email);
  if (!parsed.success) return false;
  return parsed.data.slice(parsed.data.lastIndexOf('@') + 1) === normaliseDomain(domain);
}

/**
 * Broker self sign-up; only the company's own addresses may sign up (PreSignUp enforces the same rule).
 * `F` lets the browser keep its `File` type for the licence file.
 */
export function makeSignUpSchema<F extends FileLike = FileLike>(companyDomain: string) {
  return z
    .object({
      fullName: fullNameSchema,
      email: accountEmailSchema.refine((email) => isCompanyEmail(email, companyDomain), companyDomainMessage(companyDomain)),
      password: passwordSchema,
      confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH_MESSAGE }),
      licenceFile: fileSchema<F>('licence').nullish(),
    })
    .refine((form) => form.password === form.confirmPassword, {
      message: PASSWORDS_DONT_MATCH_MESSAGE,
      path: ['confirmPassword'],
    });
}
export type SignUpInput = z.infer<ReturnType<typeof makeSignUpSchema>>;

/** A consumer accepting a broker's invitation: same password policy, any e-mail domain. */
export const consumerSignUpSchema = z.object({
  token: requiredText(INVITATION_TOKEN_MISSING_MESSAGE),
  fullName: fullNameSchema,
  email: accountEmailSchema,
  password: passwordSchema,
});
export type ConsumerSignUpInput = z.infer<typeof consumerSignUpSchema>;
