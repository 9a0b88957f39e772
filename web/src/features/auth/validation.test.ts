import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInSchema } from '@shared/auth/schemas';
import { toast } from '@web/components/ui/toast';
import { authErrorToast, CODE_REQUIRED_MESSAGE, newPasswordFormSchema, toFieldErrors, validateAuthForm, validationToast } from './validation';

vi.mock('@web/components/ui/toast', () => ({ toast: vi.fn() }));

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

describe('validateAuthForm', () => {
  beforeEach(() => vi.mocked(toast).mockClear());

  function submit(values: object, fieldOrder = ['email', 'password']) {
    const setErrors = vi.fn();
    const data = validateAuthForm({ values, setErrors }, signInSchema, fieldOrder);
    return { data, setErrors };
  }

  it('answers the parsed values of a valid form, with no message and no toast', () => {
    const { data, setErrors } = submit({ email: ' Ann@LeaseDesk.com', password: 'secret1' });
    expect(data).toEqual({ email: 'ann@leasedesk.com', password: 'secret1' });
    expect(setErrors).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it("shows each invalid field's first message and toasts the first invalid field of the form", () => {
    const { data, setErrors } = submit({ email: 'ann', password: '123' });
    expect(data).toBeUndefined();
    expect(setErrors).toHaveBeenCalledWith({ email: 'Invalid email address', password: 'Password must be at least 6 characters' });
    expect(toast).toHaveBeenCalledExactlyOnceWith({ title: 'Invalid Email', description: 'Invalid email address', variant: 'destructive' });
  });

  it('toasts in the visual order the form gives', () => {
    submit({ email: 'ann', password: '123' }, ['password', 'email']);
    expect(toast).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ title: 'Weak Password' }));
  });
});

describe('newPasswordFormSchema', () => {
  const valid = { email: 'ann@leasedesk.com', code: ' 123456 ', newPassword: 'Str0ng-Passw0rd!', confirmPassword: 'Str0ng-Passw0rd!' };

  it('accepts a complete form and trims the code', () => {
    expect(newPasswordFormSchema.parse(valid)).toEqual({ ...valid, code: '123456' });
  });

  it('reports every problem at once, a mismatch included', () => {
    const result = newPasswordFormSchema.safeParse({ email: 'ann', code: '  ', newPassword: 'short', confirmPassword: 'other' });
    expect(toFieldErrors(result.error?.issues ?? [])).toEqual({
      email: 'Invalid email address',
      code: CODE_REQUIRED_MESSAGE,
      newPassword: 'Password must be at least 12 characters',
      confirmPassword: "Passwords don't match",
    });
  });
});
