import {
  AdminSetUserPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { claimsOf, cognito, createUser, getStack, signIn, TEST_PASSWORD, uniqueEmail } from '@test/support/stack';

const stack = getStack();

function refresh(refreshToken: string) {
  return cognito().send(new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: refreshToken }));
}

describe('Cognito compatibility layer', () => {
  it('rejects a sign-up whose password breaks the policy with InvalidPasswordException', async () => {
    const signUp = cognito().send(
      new SignUpCommand({ ClientId: stack.userPoolClientId, Username: uniqueEmail('weak'), Password: 'Short1!' }),
    );
    await expect(signUp).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
  });

  it('enforces the policy on an admin-set password too', async () => {
    const { email } = await createUser('dealer');
    const setPassword = cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: stack.userPoolId,
        Username: email,
        Password: 'alllowercase-but-long1',
        Permanent: true,
      }),
    );
    await expect(setPassword).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
  });

  it('answers a wrong password and an unknown user alike, as Cognito does', async () => {
    const { email } = await createUser('broker');
    for (const [username, password] of [
      [email, 'Wrong-Password-123'],
      [uniqueEmail('nobody'), TEST_PASSWORD],
    ]) {
      await expect(signIn(username!, password!)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
  });

  it('issues tokens whose issuer is the local pool and whose groups are the role', async () => {
    const { email } = await createUser('admin');
    const tokens = await signIn(email, TEST_PASSWORD);
    expect(claimsOf(tokens.idToken)).toMatchObject({
      iss: stack.issuer,
      aud: stack.userPoolClientId,
      email,
      token_use: 'id',
      'cognito:groups': ['admin'],
    });
    const discovery = await fetch(`${stack.issuer}/.well-known/openid-configuration`).then((r) => r.json());
    expect(discovery).toMatchObject({ issuer: stack.issuer, jwks_uri: `${stack.issuer}/.well-known/jwks.json` });
  });

  it('refreshes tokens with GetTokensFromRefreshToken, as Amplify v6 does', async () => {
    const { email } = await createUser('consumer');
    const tokens = await signIn(email, TEST_PASSWORD);
    const { AuthenticationResult: refreshed } = await refresh(tokens.refreshToken);
    expect(refreshed?.TokenType).toBe('Bearer');
    expect(refreshed?.ExpiresIn).toBe(3600);
    expect(claimsOf(refreshed?.IdToken ?? '')).toMatchObject({ email, 'cognito:groups': ['consumer'] });
    expect(claimsOf(refreshed?.AccessToken ?? '')).toMatchObject({ token_use: 'access', client_id: stack.userPoolClientId });
  });

  it('makes every refresh token of the user useless after GlobalSignOut', async () => {
    const { email } = await createUser('broker');
    const first = await signIn(email, TEST_PASSWORD);
    const second = await signIn(email, TEST_PASSWORD);
    await cognito().send(new GlobalSignOutCommand({ AccessToken: second.accessToken }));
    for (const tokens of [first, second]) {
      await expect(refresh(tokens.refreshToken)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
    }
    // Signing in again works and yields a working refresh token.
    const again = await signIn(email, TEST_PASSWORD);
    await expect(refresh(again.refreshToken)).resolves.toHaveProperty('AuthenticationResult.IdToken');
  });

  it('revokes one refresh token with RevokeToken and leaves the others working', async () => {
    const { email } = await createUser('dealer');
    const revoked = await signIn(email, TEST_PASSWORD);
    const kept = await signIn(email, TEST_PASSWORD);
    await cognito().send(new RevokeTokenCommand({ ClientId: stack.userPoolClientId, Token: revoked.refreshToken }));
    await expect(refresh(revoked.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(refresh(kept.refreshToken)).resolves.toHaveProperty('AuthenticationResult.AccessToken');
  });

  it('refuses the REFRESH_TOKEN_AUTH flow with a revoked token too', async () => {
    const { email } = await createUser('admin');
    const tokens = await signIn(email, TEST_PASSWORD);
    await cognito().send(new GlobalSignOutCommand({ AccessToken: tokens.accessToken }));
    const flow = cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: stack.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    );
    await expect(flow).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('lets the web app call Cognito from its origin (CORS preflight, as Amplify needs)', async () => {
    const response = await fetch(stack.urls.cognito, {
      method: 'OPTIONS',
      headers: {
        origin: stack.urls.web,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });
});

/** A request with the target sent exactly as given (like curl --path-as-is): no client-side path normalisation. */
function rawRequest(path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: stack.ports.cognito, path, method }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('what the Cognito compatibility layer lets through', () => {
  it('does not proxy a crafted path to another local service (the mailbox)', async () => {
    // The mailbox answers {"emails": [...]} even when empty, so a proxied answer would show.
    const mailbox = `//localhost:${stack.ports.ses}/store`;

    for (const path of [`/.${mailbox}`, mailbox, `/..${mailbox}`]) {
      const answer = await rawRequest(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body).not.toContain('emails');
    }
  });

  it('still serves the JWKS the token verifier reads', async () => {
    const answer = await rawRequest(`${new URL(stack.issuer).pathname}/.well-known/jwks.json`);

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ keys: [expect.objectContaining({ kid: 'CognitoLocal' })] });
  });

  it('refuses an admin operation sent by a web page, which in AWS would need IAM credentials', async () => {
    const response = await fetch(stack.urls.cognito, {
      method: 'POST',
      headers: {
        origin: 'http://evil.example',
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminAddUserToGroup',
      },
      body: JSON.stringify({ UserPoolId: stack.userPoolId, Username: 'pending.broker@leasedesk.com', GroupName: 'admin' }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
  });
});
