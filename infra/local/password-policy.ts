/**
 * The user pool's password policy and Cognito's way of enforcing it. cognito-local accepts any password, so the
 * compatibility layer checks every operation that sets one, answering as Cognito does.
 */
export interface PasswordPolicy {
  MinimumLength: number;
  RequireUppercase: boolean;
  RequireLowercase: boolean;
  RequireNumbers: boolean;
  RequireSymbols: boolean;
  TemporaryPasswordValidityDays: number;
}

/** Same as the CDK user pool: at least 12 characters with all four character classes. */
export const USER_POOL_PASSWORD_POLICY: PasswordPolicy = {
  MinimumLength: 12,
  RequireUppercase: true,
  RequireLowercase: true,
  RequireNumbers: true,
  RequireSymbols: true,
  TemporaryPasswordValidityDays: 7,
};

/** The characters Cognito counts as symbols (a space counts too, except at either end). */
const COGNITO_SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-');

function hasSymbol(password: string): boolean {
  const inner = password.slice(1, -1);
  return [...password].some((c) => COGNITO_SYMBOLS.has(c)) || inner.includes(' ');
}

/**
 * Cognito's InvalidPasswordException message for the first rule the password breaks, or undefined when it
 * conforms. Rules are checked in the order length, uppercase, lowercase, numbers, symbols.
 */
export function passwordPolicyViolation(
  password: string,
  policy: PasswordPolicy = USER_POOL_PASSWORD_POLICY,
): string | undefined {
  const reason =
    [...password].length < policy.MinimumLength
      ? 'Password not long enough'
      : policy.RequireUppercase && !/[A-Z]/.test(password)
        ? 'Password must have uppercase characters'
        : policy.RequireLowercase && !/[a-z]/.test(password)
          ? 'Password must have lowercase characters'
          : policy.RequireNumbers && !/[0-9]/.test(password)
            ? 'Password must have numeric characters'
            : policy.RequireSymbols && !hasSymbol(password)
              ? 'Password must have symbol characters'
              : undefined;
  return reason && `Password did not conform with policy: ${reason}`;
}
