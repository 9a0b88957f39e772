import { describe, expect, it } from 'vitest';
import { authErrorToast, toFieldErrors, validationToast } from './validation';

describe('toFieldErrors', () => {
  it('keeps the first message of each field', () => {
    const errors = toFieldErrors([
      { path: ['password'], message: 'Password must be at least 12 characters' },
      { path: ['password'], message: 'Password must contain at least one number' },
      { path: ['email'], message: 'Invalid email address' },
    ]);
    expect(errors).toEqual({ password: 'Password must be at least 12 characters', email: 'Invalid email address' });
  });
});

describe('validationToast', () => {
  const order = ['fullName', 'email', 'password', 'confirmPassword', 'licenceFile'];

  it('titles a name problem "Invalid Name"', () => {
    expect(validationToast(order, { fullName: 'Please enter your full name', password: 'x' })).toEqual({
      title: 'Invalid Name',
      description: 'Please enter your full name',
      variant: 'destructive',
    });
  });

  it('titles an e-mail problem "Invalid Email" with the schema message, such as the company-domain rule', () => {
    const toast = validationToast(order, { email: 'Only @leasedesk.com email addresses are allowed to sign up.' });
    expect(toast).toMatchObject({ title: 'Invalid Email', description: 'Only @leasedesk.com email addresses are allowed to sign up.' });
  });

  it('titles a password problem "Weak Password"', () => {
    const toast = validationToast(order, { password: 'Password must contain at least one special character' });
    expect(toast).toMatchObject({ title: 'Weak Password', description: 'Password must contain at least one special character' });
  });

  it('follows the form order, not the order of the errors', () => {
    const toast = validationToast(order, { password: 'Password must be at least 12 characters', email: 'Invalid email address' });
    expect(toast?.title).toBe('Invalid Email');
  });

  it('titles any other field "Error"', () => {
    expect(validationToast(order, { confirmPassword: "Passwords don't match" })).toMatchObject({
      title: 'Error',
      description: "Passwords don't match",
    });
  });

  it('gives no toast for a valid form', () => {
    expect(validationToast(order, {})).toBeUndefined();
  });
});

function cognitoError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

describe('authErrorToast', () => {
  it('shows a password the pool rejects as "Weak Password" with the reasons', () => {
    const toast = authErrorToast(cognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'));
    expect(toast).toEqual({
      title: 'Weak Password',
      description: 'Password did not conform with policy: Password not long enough',
      variant: 'destructive',
    });
  });

  it('falls back to the spec default for a weak password without reasons', () => {
    expect(authErrorToast(cognitoError('InvalidPasswordException', '')).description).toBe('Password does not meet security requirements');
  });

  it("shows the PreSignUp trigger's refusal as \"Invalid Email\" without Cognito's wrapping", () => {
    const toast = authErrorToast(
      cognitoError('UserLambdaValidationException', 'PreSignUp failed with error Only @leasedesk.com email addresses are allowed to sign up..'),
    );
    expect(toast).toMatchObject({ title: 'Invalid Email', description: 'Only @leasedesk.com email addresses are allowed to sign up.' });
  });

  it('shows any other failure as "Error" with the server message', () => {
    expect(authErrorToast(cognitoError('NotAuthorizedException', 'Incorrect username or password.'))).toEqual({
      title: 'Error',
      description: 'Incorrect username or password.',
      variant: 'destructive',
    });
  });
});
