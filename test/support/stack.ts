/**
 * What tests of the "stack" project use to reach the local stack started by stack-setup.ts: its StackInfo, a
 * signed-in user's tokens, the local mailbox and the local API.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import type { Role } from '@shared/auth/roles';
import { LOCAL_CREDENTIALS, type StackInfo } from '@infra/local/config';
import { functionEnvironment } from '@infra/local/env';
import type { MailboxMessage } from '@infra/local/ses';
import type { WebMode } from '@infra/local/web';

export type { MailboxMessage };

/** The running test stack. Also (re)applies the functions' environment to this worker. */
export function getStack(): StackInfo {
  const stack = inject('stack');
  Object.assign(process.env, functionEnvironment(stack));
  return stack;
}

/** How the stack serves the web app: `production` (the build behind the local edge, the default) or `dev` (Vite). */
export function webMode(): WebMode {
  return inject('webMode');
}

let client: CognitoIdentityProviderClient | undefined;
/** A Cognito client for the stack's compatibility layer (what the SDK in a function would use). */
export function cognito(): CognitoIdentityProviderClient {
  const stack = getStack();
  client ??= new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognito,
    region: stack.region,
    credentials: LOCAL_CREDENTIALS,
  });
  return client;
}

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs in with USER_PASSWORD_AUTH (as the SPA does) and returns the tokens. Rejects with Cognito's error. */
export function signIn(email: string, password: string): Promise<Tokens> {
  return signInWith(cognito(), getStack().userPoolClientId, email, password);
}

/** signIn through a given Cognito client and app client: for harnesses outside vitest (`npm run load`) that start their own stack. */
export async function signInWith(
  client: CognitoIdentityProviderClient,
  userPoolClientId: string,
  email: string,
  password: string,
): Promise<Tokens> {
  const { AuthenticationResult: result } = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!result?.IdToken || !result.AccessToken || !result.RefreshToken) throw new Error(`No tokens for ${email}`);
  return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
}

/** The claims of a JWT (not verified: for assertions on tokens the stack issued). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** An e-mail address no other test uses, at the company domain unless another is given. */
export function uniqueEmail(prefix = 'user', domain = getStack().companyEmailDomain): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@${domain}`;
}

export const TEST_PASSWORD = 'Test-Password-2026!';

/** The id (sub) of the stack's Cognito user `email`; null when there is no such user. */
export async function cognitoSub(email: string): Promise<string | null> {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: getStack().userPoolId, Username: email }));
    return user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? null;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/**
 * A confirmed user in one group, created as an admin would (no trigger runs, no data is written to the table):
 * for tests that need a caller of a role without depending on the demo seed.
 */
export async function createUser(role: Role, email = uniqueEmail(role)): Promise<{ email: string; userId: string }> {
  const { userPoolId } = getStack();
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito().send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: TEST_PASSWORD, Permanent: true }),
  );
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: role }));
  const userId = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!userId) throw new Error(`No id for ${email}`);
  return { email, userId };
}

/** Every message in the local mailbox (aws-ses-v2-local's GET /store), oldest first. */
export async function readMailbox(): Promise<MailboxMessage[]> {
  const response = await fetch(`${getStack().urls.mailbox}/store`);
  if (!response.ok) throw new Error(`Mailbox answered ${response.status}`);
  return ((await response.json()) as { emails: MailboxMessage[] }).emails;
}

/** Waits for the newest message to `to` that satisfies `match` (mail is delivered asynchronously). */
export async function waitForMail(
  to: string,
  match: (message: MailboxMessage) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox()).filter((message) => message.destination.to.includes(to) && match(message)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} arrived in the local mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const CONFIRMATION_CODE = /verification code is (\d{6})/;
const RESET_CODE = /<strong>(\d{6})<\/strong>/;

/**
 * The code of the newest Cognito code e-mail to `to`: a sign-up confirmation ("Your verification code is 123456.")
 * or a password reset (functions/auth/custom-message.ts: the code in its link and in its text).
 */
export async function waitForVerificationCode(to: string): Promise<string> {
  const codeOf = (m: MailboxMessage) => CONFIRMATION_CODE.exec(m.body.text ?? '')?.[1] ?? RESET_CODE.exec(m.body.html ?? '')?.[1];
  return codeOf(await waitForMail(to, (m) => codeOf(m) !== undefined))!;
}

/** The newest password-reset e-mail to `to`, with the reset link it carries (HTML entities decoded). */
export async function waitForResetEmail(to: string): Promise<{ message: MailboxMessage; link: string; code: string }> {
  const message = await waitForMail(to, (m) => RESET_CODE.test(m.body.html ?? ''));
  const href = /<a href="([^"]+)">/.exec(message.body.html ?? '')?.[1] ?? '';
  const link = href
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
  return { message, link, code: RESET_CODE.exec(message.body.html ?? '')![1]! };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls the local API as the SPA does (bearer ID token); the body is parsed when it is JSON. `apiUrl` is the test
 * stack's unless given (a harness with a stack of its own).
 */
export async function apiFetch<T = unknown>(
  path: string,
  options: { token?: string; method?: string; body?: unknown; headers?: Record<string, string>; apiUrl?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${options.apiUrl ?? getStack().urls.api}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') && text !== '';
  return { status: response.status, headers: response.headers, body: (isJson ? JSON.parse(text) : text) as T };
}

/**
 * A loopback address of its own (127.0.x.y): the API counts per-source limits (route table `sourceLimit`) by the
 * caller's address, and a test that uses up an allowance must not use up the one of the suites calling from 127.0.0.1.
 */
export function ownLoopbackAddress(): string {
  return `127.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 2}`;
}

/** apiFetch from `localAddress` (a loopback address: ownLoopbackAddress). */
export function apiFetchFrom<T = unknown>(
  localAddress: string,
  path: string,
  options: { token?: string; method?: string; body?: unknown } = {},
): Promise<ApiResponse<T>> {
  const url = new URL(path, getStack().urls.api);
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? (payload ? 'POST' : 'GET'),
        localAddress,
        headers,
      },
      (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        incoming.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') responseHeaders.set(name, value);
          }
          const isJson = responseHeaders.get('content-type')?.includes('json') && text !== '';
          resolve({ status: incoming.statusCode ?? 0, headers: responseHeaders, body: (isJson ? JSON.parse(text) : text) as T });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
