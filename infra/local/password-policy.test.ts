import { describe, expect, it } from 'vitest';
import { passwordPolicyViolation } from './password-policy';

const prefix = 'Password did not conform with policy: ';

describe('passwordPolicyViolation (the user pool policy: 12+ characters, upper, lower, digit, symbol)', () => {
  it('accepts a password that meets every rule, with exactly 12 characters', () => {
    expect(passwordPolicyViolation('Abcdefghij1!')).toBeUndefined();
  });

  it('rejects 11 characters as not long enough', () => {
    expect(passwordPolicyViolation('Abcdefghi1!')).toBe(`${prefix}Password not long enough`);
  });

  it('names the first missing character class, in Cognito order', () => {
    expect(passwordPolicyViolation('abcdefghij1!')).toBe(`${prefix}Password must have uppercase characters`);
    expect(passwordPolicyViolation('ABCDEFGHIJ1!')).toBe(`${prefix}Password must have lowercase characters`);
    expect(passwordPolicyViolation('Abcdefghijk!')).toBe(`${prefix}Password must have numeric characters`);
    expect(passwordPolicyViolation('Abcdefghijk1')).toBe(`${prefix}Password must have symbol characters`);
  });

  it("counts Cognito's symbols and an inner space, but not a leading or trailing space", () => {
    expect(passwordPolicyViolation('Abcdefghij1^')).toBeUndefined();
    expect(passwordPolicyViolation('Abcde fghij1')).toBeUndefined();
    expect(passwordPolicyViolation(' Abcdefghij1')).toBe(`${prefix}Password must have symbol characters`);
  });
});
