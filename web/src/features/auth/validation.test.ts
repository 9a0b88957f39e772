import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldErrors } from '@shared/errors';
import { toast } from '@web/components/ui/toast';
import {
  authErrorToast,
  CODE_REQUIRED_MESSAGE,
  newPasswordFormSchema,
  toastFirstInvalidField,
  validationToast,
} from './validation';

vi.mock('@web/components/ui/toast', () => ({ toast: vi.fn() }));

describe('validationToast', () => {
  it('titles a name problem "Invalid Name"', () => {
    expect(
      validationToast([
        { name: 'fullName', message: 'Please enter your full name' },
        { name: 'password', message: 'x' },
      ]),
    ).toEqual({
      title: 'Invalid Name',
      description: 'Please enter your full name',
      variant: 'destructive',
      group: 'auth',
    });
  });

  it('titles an e-mail problem "Invalid Email" with the schema message, such as the company-domain rule', () => {
    const toast = validationToast([{ name: 'email', message: 'Only @leasedesk.com email addresses are allowed to sign up.' }]);
    expect(toast).toMatchObject({
      title: 'Invalid Email',
      description: 'Only @leasedesk.com email addresses are allowed to sign up.',
    });
  });

  it('titles a password problem "Weak Password", for the new password too', () => {
    expect(
      validationToast([{ name: 'password', message: 'Password must contain at least one special character' }]),
    ).toMatchObject({
      title: 'Weak Password',
      description: 'Password must contain at least one special character',
    });
    expect(validationToast([{ name: 'newPassword', message: 'Password must be at least 12 characters' }])?.title).toBe(
      'Weak Password',
    );
  });

  it('toasts only the first invalid field the form shows', () => {
    const toast = validationToast([
      { name: 'email', message: 'Invalid email address' },
      { name: 'password', message: 'Password must be at least 12 characters' },
    ]);
    expect(toast?.title).toBe('Invalid Email');
  });

  it('titles any other field "Error"', () => {
    expect(validationToast([{ name: 'confirmPassword', message: "Passwords don't match" }])).toMatchObject({
      title: 'Error',
      description: "Passwords don't match",
    });
  });

  it('gives no toast for a valid form', () => {
    expect(validationToast([])).toBeUndefined();
  });
});

describe('toastFirstInvalidField', () => {
  beforeEach(() => vi.mocked(toast).mockClear());

  it('shows one toast for the first invalid field', () => {
    toastFirstInvalidField([
      { name: 'email', message: 'Invalid email address' },
      { name: 'password', message: 'Password must be at least 6 characters' },
    ]);
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Invalid Email',
      description: 'Invalid email address',
      variant: 'destructive',
      group: 'auth',
    });
  });
});

function cognitoError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

describe('authErrorToast', () => {
  it('shows a password the pool rejects as "Weak Password" with the reasons', () => {
    const toast = authErrorToast(
      cognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'),
    );
    expect(toast).toEqual({
      title: 'Weak Password',
      description: 'Password did not conform with policy: Password not long enough',
      variant: 'destructive',
      group: 'auth',
    });
  });

  it('falls back to the required default for a weak password without reasons', () => {
    expect(authErrorToast(cognitoError('InvalidPasswordException', '')).description).toBe(
      'Password does not meet security requirements',
    );
  });

  it('shows the PreSignUp trigger\'s refusal as "Invalid Email" without Cognito\'s wrapping', () => {
    const toast = authErrorToast(
      cognitoError(
        'UserLambdaValidationException',
        'PreSignUp failed with error Only @leasedesk.com email addresses are allowed to sign up..',
      ),
    );
    expect(toast).toMatchObject({
      title: 'Invalid Email',
      description: 'Only @leasedesk.com email addresses are allowed to sign up.',
    });
  });

  it('shows any other failure as "Error" with the server message', () => {
    expect(authErrorToast(cognitoError('NotAuthorizedException', 'Incorrect username or password.'))).toEqual({
      title: 'Error',
      description: 'Incorrect username or password.',
      variant: 'destructive',
      group: 'auth',
    });
  });
});

describe('newPasswordFormSchema', () => {
  const valid = {
    email: 'ann@leasedesk.com',
    code: ' 123456 ',
    newPassword: 'Str0ng-Passw0rd!',
    confirmPassword: 'Str0ng-Passw0rd!',
  };

  it('accepts a complete form and trims the code', () => {
    expect(newPasswordFormSchema.parse(valid)).toEqual({ ...valid, code: '123456' });
  });

  it('reports every problem at once, a mismatch included', () => {
    const result = newPasswordFormSchema.safeParse({ email: 'ann', code: '  ', newPassword: 'short', confirmPassword: 'other' });
    expect(result.error && fieldErrors(result.error)).toEqual({
      email: 'Invalid email address',
      code: CODE_REQUIRED_MESSAGE,
      newPassword: 'Password must be at least 12 characters',
      confirmPassword: "Passwords don't match",
    });
  });
});
