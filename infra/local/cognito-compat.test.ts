import { describe, expect, it } from 'vitest';
import { cognitoError } from './cognito-compat';

const failure = (type: string, message = 'cognito-local says so') => ({ status: 400, body: { __type: type, message } });
const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('cognitoError (cognito-local errors rewritten as Cognito answers)', () => {
  it('answers a wrong password or an unknown user on sign-in with NotAuthorizedException', () => {
    for (const type of ['InvalidPasswordException', 'UserNotFoundException', 'NotAuthorizedException']) {
      expect(cognitoError('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH' }, failure(type)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
  });

  it('says a known refresh token was revoked and an unknown one is invalid', () => {
    expect(cognitoError('GetTokensFromRefreshToken', { RefreshToken: jwt({ 'cognito:username': 'u' }) }, failure('NotAuthorizedException')).body.message).toBe(
      'Refresh Token has been revoked',
    );
    expect(cognitoError('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'junk' } }, failure('NotAuthorizedException')).body.message).toBe(
      'Invalid Refresh Token',
    );
  });

  it("uses Cognito's texts for an existing account and a wrong code", () => {
    expect(cognitoError('SignUp', {}, failure('UsernameExistsException')).body.message).toBe('An account with the given email already exists.');
    expect(cognitoError('ConfirmSignUp', {}, failure('CodeMismatchException')).body.message).toBe(
      'Invalid verification code provided, please try again.',
    );
  });

  it('does not reveal on ForgotPassword that a user does not exist', () => {
    expect(cognitoError('ForgotPassword', { Username: 'nobody@example.com' }, failure('UserNotFoundException'))).toEqual({
      status: 200,
      body: { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@e***' } },
    });
  });

  it('passes other errors through unchanged', () => {
    const answer = failure('UserLambdaValidationException', 'PreSignUp failed with error Nope.');
    expect(cognitoError('SignUp', {}, answer)).toBe(answer);
  });
});
