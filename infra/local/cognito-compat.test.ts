import { describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS, cognitoError, PUBLIC_OPERATIONS, routeCompatRequest, temporaryPassword } from './cognito-compat';
import { passwordPolicyViolation, USER_POOL_PASSWORD_POLICY } from './password-policy';

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
    expect(
      cognitoError(
        'GetTokensFromRefreshToken',
        { RefreshToken: jwt({ 'cognito:username': 'u' }) },
        failure('NotAuthorizedException'),
      ).body.message,
    ).toBe('Refresh Token has been revoked');
    expect(
      cognitoError(
        'InitiateAuth',
        { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'junk' } },
        failure('NotAuthorizedException'),
      ).body.message,
    ).toBe('Invalid Refresh Token');
  });

  it("uses Cognito's texts for an existing account and a wrong code", () => {
    expect(cognitoError('SignUp', {}, failure('UsernameExistsException')).body.message).toBe(
      'An account with the given email already exists.',
    );
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

describe('routeCompatRequest (what the layer forwards)', () => {
  const POOL = '/us-east-1_LeaseDesk1';
  const route = (method: string, rawUrl: string, target?: string, origin?: string) =>
    routeCompatRequest({ method, rawUrl, target, origin }, POOL);
  const operation = (name: string) => `AWSCognitoIdentityProviderService.${name}`;

  it.each([
    ['GET', '/.//localhost:8005/store'],
    ['GET', '//localhost:8005/store'],
    ['GET', '/health'],
    ['GET', '/'],
    ['GET', '/other-pool/.well-known/jwks.json'],
    ['GET', `${POOL}/.well-known/../../store`],
    ['POST', '/.//localhost:8005/store'],
    ['POST', '/store'],
    ['PUT', '/'],
    ['DELETE', '/'],
    ['OPTIONS', '/store'],
  ])('answers %s %s with 404 and forwards nothing', (method, rawUrl) => {
    expect(route(method, rawUrl, operation('InitiateAuth'))).toMatchObject({ kind: 'refuse', status: 404 });
  });

  it("serves the pool's discovery documents, and the CORS preflight of the API", () => {
    expect(route('GET', `${POOL}/.well-known/openid-configuration`)).toEqual({ kind: 'openid-configuration' });
    expect(route('GET', `${POOL}/.well-known/jwks.json`)).toEqual({ kind: 'jwks' });
    expect(route('OPTIONS', '/')).toEqual({ kind: 'preflight' });
  });

  it.each([...PUBLIC_OPERATIONS])('forwards %s from a browser, as Cognito takes it unsigned', (name) => {
    expect(route('POST', '/', operation(name), 'http://localhost:5173')).toEqual({ kind: 'operation', operation: name });
  });

  it.each([...ADMIN_OPERATIONS])('forwards %s from a server (no Origin) but refuses it from a browser page', (name) => {
    expect(route('POST', '/', operation(name))).toEqual({ kind: 'operation', operation: name });
    expect(route('POST', '/', operation(name), 'http://evil.example')).toMatchObject({
      kind: 'refuse',
      status: 400,
      body: { __type: 'MissingAuthenticationTokenException' },
    });
  });

  it('refuses operations the product does not use, and targets of other services', () => {
    for (const target of [
      operation('DeleteUserPool'),
      operation('CreateUserPoolClient'),
      'DynamoDB_20120810.ListTables',
      'SignUp',
      undefined,
    ]) {
      expect(route('POST', '/', target)).toMatchObject({
        kind: 'refuse',
        status: 400,
        body: { __type: 'UnknownOperationException' },
      });
    }
  });
});

describe('temporaryPassword (what Cognito generates for AdminCreateUser)', () => {
  it('meets the pool policy every time: 16 characters with an upper, a lower, a digit and a symbol', () => {
    for (let i = 0; i < 200; i++) {
      const password = temporaryPassword();

      expect(password).toHaveLength(16);
      expect(passwordPolicyViolation(password, USER_POOL_PASSWORD_POLICY)).toBeUndefined();
    }
  });
});
