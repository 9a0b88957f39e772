/**
 * The Cognito compatibility layer: the only Cognito endpoint anything local talks to (Amplify in the browser,
 * the SDK in functions and tests). An HTTP proxy in front of cognito-local that passes every request through
 * unchanged except where cognito-local differs from Cognito in a way the product would notice:
 *
 * - the password policy is enforced wherever a password is set (cognito-local accepts anything);
 * - a wrong password or unknown user on sign-in is NotAuthorizedException "Incorrect username or password."
 *   (cognito-local says InvalidPasswordException), and other error texts are Cognito's;
 * - GetTokensFromRefreshToken, which Amplify v6 uses to refresh, is answered with cognito-local's
 *   REFRESH_TOKEN_AUTH flow; ForgotPassword for an unknown user pretends to succeed (PreventUserExistenceErrors);
 * - the OpenID configuration names this layer's issuer (cognito-local hard-codes port 9229);
 * - CORS answers the browser as Cognito does (any origin).
 * It forwards nothing else: only the Cognito JSON API (POST / with an X-Amz-Target of an operation the product
 * uses) and the two discovery documents the token verifier reads; any other path or method is a 404, so the layer
 * can never be used to reach another local service. Admin operations (AWS signs them with IAM credentials, which
 * a browser never holds) are refused when a browser sends them (they carry an Origin header).
 * GlobalSignOut and ResendConfirmationCode live in the cognito-local launcher (cognito-local-server.ts), because
 * they change cognito-local's own store.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listen, readBody } from './http';
import type { StackLog } from './log';
import { passwordPolicyViolation, type PasswordPolicy } from './password-policy';

export interface CognitoCompatOptions {
  port: number;
  /** cognito-local's URL, e.g. http://127.0.0.1:9329 */
  upstreamUrl: string;
  /** The token issuer, http://localhost:<port>/<user pool id>. */
  issuer: string;
  passwordPolicy: PasswordPolicy;
  log: StackLog;
}

type CognitoRequest = Record<string, unknown>;
interface CognitoAnswer {
  status: number;
  body: Record<string, unknown>;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  'access-control-max-age': '600',
};

const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** What the SPA (Amplify Auth) calls, unsigned, as it does against Cognito. */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
]);

/** What the functions, the demo seed and the tests call; in AWS these need IAM credentials. Add one when a feature needs it. */
export const ADMIN_OPERATIONS: ReadonlySet<string> = new Set([
  'AdminGetUser',
  'AdminCreateUser',
  'AdminSetUserPassword',
  'AdminAddUserToGroup',
  // A dealer login's resumed add checks the account it takes over is in no other group (functions/dealerships).
  'AdminListGroupsForUser',
  'AdminDeleteUser',
  'AdminUserGlobalSignOut',
  'ListUsers',
]);

export type CompatRoute =
  | { kind: 'preflight' }
  | { kind: 'openid-configuration' }
  | { kind: 'jwks' }
  | { kind: 'operation'; operation: string }
  | { kind: 'refuse'; status: number; body: Record<string, unknown> };

/**
 * Where a request goes. `rawUrl` is the request target as sent (e.g. `/.//localhost:8005/store`, which a lax
 * URL join would turn into another host); only exact paths match.
 */
export function routeCompatRequest(
  request: {
    method: string | undefined;
    rawUrl: string | undefined;
    target: string | string[] | undefined;
    origin: string | undefined;
  },
  issuerPath: string,
): CompatRoute {
  const path = request.rawUrl?.split('?')[0] ?? '';
  const notFound: CompatRoute = { kind: 'refuse', status: 404, body: { __type: 'NotFoundException', message: 'Not found' } };
  if (request.method === 'OPTIONS') return path === '/' ? { kind: 'preflight' } : notFound;
  if (request.method === 'GET') {
    if (path === `${issuerPath}/.well-known/openid-configuration`) return { kind: 'openid-configuration' };
    if (path === `${issuerPath}/.well-known/jwks.json`) return { kind: 'jwks' };
    return notFound;
  }
  if (request.method !== 'POST' || path !== '/') return notFound;
  const target = typeof request.target === 'string' ? request.target : undefined;
  const operation = target?.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
  if (operation && PUBLIC_OPERATIONS.has(operation)) return { kind: 'operation', operation };
  if (operation && ADMIN_OPERATIONS.has(operation)) {
    return request.origin === undefined
      ? { kind: 'operation', operation }
      : {
          kind: 'refuse',
          status: 400,
          body: { __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' },
        };
  }
  return {
    kind: 'refuse',
    status: 400,
    body: { __type: 'UnknownOperationException', message: `Unsupported operation ${target ?? '(no x-amz-target)'}` },
  };
}

/** Where each operation carries the password it sets. */
const PASSWORD_FIELDS: Record<string, (body: CognitoRequest) => unknown> = {
  SignUp: (body) => body.Password,
  AdminSetUserPassword: (body) => body.Password,
  AdminCreateUser: (body) => body.TemporaryPassword,
  ChangePassword: (body) => body.ProposedPassword,
  ConfirmForgotPassword: (body) => body.Password,
  RespondToAuthChallenge: (body) => (body.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD,
  AdminRespondToAuthChallenge: (body) => (body.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD,
};

/** A temporary password as Cognito makes one: 16 characters with an upper, a lower, a digit and a symbol. */
export function temporaryPassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!#$%&*+-=?@^_'];
  const all = sets.join('');
  const pickFrom = (set: string) => set[randomInt(set.length)] ?? '';
  const characters = [...sets.map(pickFrom), ...Array.from({ length: 12 }, () => pickFrom(all))];
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] ?? '', characters[i] ?? ''];
  }
  return characters.join('');
}

function error(type: string, message: string): CognitoAnswer {
  return { status: 400, body: { __type: type, message } };
}

function decodeJwtPayload(token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** "jane@example.com" -> "j***@e***", the way Cognito masks a code's destination. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

/** Cognito fills TokenType and ExpiresIn; cognito-local leaves them out on refresh. */
function completeAuthenticationResult(answer: CognitoAnswer): CognitoAnswer {
  const result = answer.body.AuthenticationResult as Record<string, unknown> | undefined;
  if (!result) return answer;
  const access = decodeJwtPayload(result.AccessToken);
  const expiresIn = typeof access?.exp === 'number' && typeof access.iat === 'number' ? access.exp - access.iat : undefined;
  const completed = Object.fromEntries(
    Object.entries({ ...result, TokenType: 'Bearer', ExpiresIn: result.ExpiresIn ?? expiresIn }).filter(
      ([, value]) => value !== undefined && value !== null,
    ),
  );
  return { ...answer, body: { ...answer.body, AuthenticationResult: completed } };
}

/** Rewrites cognito-local's errors into the ones Cognito returns for the same operation. */
export function cognitoError(operation: string, request: CognitoRequest, answer: CognitoAnswer): CognitoAnswer {
  const type = answer.body.__type;
  const isAuth = operation === 'InitiateAuth' || operation === 'AdminInitiateAuth';
  const flow = request.AuthFlow;
  const isRefresh = operation === 'GetTokensFromRefreshToken' || flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN';
  if (isRefresh && type === 'NotAuthorizedException') {
    const token = request.RefreshToken ?? (request.AuthParameters as Record<string, unknown> | undefined)?.REFRESH_TOKEN;
    return error(
      'NotAuthorizedException',
      decodeJwtPayload(token)?.['cognito:username'] ? 'Refresh Token has been revoked' : 'Invalid Refresh Token',
    );
  }
  if (isAuth && (type === 'InvalidPasswordException' || type === 'UserNotFoundException' || type === 'NotAuthorizedException')) {
    return error('NotAuthorizedException', INCORRECT_CREDENTIALS);
  }
  if (operation === 'SignUp' && type === 'UsernameExistsException') {
    return error('UsernameExistsException', 'An account with the given email already exists.');
  }
  if (type === 'CodeMismatchException') {
    return error('CodeMismatchException', 'Invalid verification code provided, please try again.');
  }
  if (operation === 'ForgotPassword' && type === 'UserNotFoundException') {
    // With PreventUserExistenceErrors, Cognito answers an unknown user as if a code had been sent.
    const username = String(request.Username ?? '');
    return {
      status: 200,
      body: { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(username) } },
    };
  }
  return answer;
}

export class CognitoCompat {
  constructor(private readonly options: CognitoCompatOptions) {}

  /** Calls cognito-local with one operation. */
  private async upstream(operation: string, body: CognitoRequest): Promise<CognitoAnswer> {
    const response = await fetch(this.options.upstreamUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { __type: 'InternalErrorException', message: text };
    }
    return { status: response.status, body: parsed };
  }

  /** One Cognito operation, as Cognito would answer it. */
  async call(operation: string, request: CognitoRequest): Promise<CognitoAnswer> {
    if (operation === 'AdminCreateUser' && request.TemporaryPassword === undefined) {
      // Cognito generates a temporary password that meets the pool's policy; cognito-local's is 6 characters.
      request = { ...request, TemporaryPassword: temporaryPassword() };
    }
    const password = PASSWORD_FIELDS[operation]?.(request);
    if (typeof password === 'string') {
      const violation = passwordPolicyViolation(password, this.options.passwordPolicy);
      if (violation) return error('InvalidPasswordException', violation);
    }
    if (operation === 'GetTokensFromRefreshToken') {
      const answer = await this.upstream('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: request.ClientId,
        AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
        ClientMetadata: request.ClientMetadata,
      });
      if (answer.status !== 200) return cognitoError(operation, request, answer);
      return completeAuthenticationResult({ status: 200, body: { AuthenticationResult: answer.body.AuthenticationResult } });
    }
    const answer = await this.upstream(operation, request);
    if (answer.status !== 200) return cognitoError(operation, request, answer);
    return completeAuthenticationResult(answer);
  }

  private openIdConfiguration(): Record<string, unknown> {
    return {
      issuer: this.options.issuer,
      jwks_uri: `${this.options.issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      response_types_supported: ['code', 'token'],
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = routeCompatRequest(
      { method: req.method, rawUrl: req.url, target: req.headers['x-amz-target'], origin: req.headers.origin },
      new URL(this.options.issuer).pathname,
    );
    switch (route.kind) {
      case 'refuse':
        send(res, route.status, 'application/x-amz-json-1.1', JSON.stringify(route.body), {
          'x-amzn-errortype': `${String(route.body.__type)}:`,
        });
        return;
      case 'preflight':
        res.writeHead(200, {
          ...CORS_HEADERS,
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        });
        res.end();
        return;
      case 'openid-configuration':
        send(res, 200, 'application/json', JSON.stringify(this.openIdConfiguration()));
        return;
      case 'jwks': {
        // A fixed upstream address: nothing from the request goes into the URL.
        const response = await fetch(`${this.options.upstreamUrl}${new URL(this.options.issuer).pathname}/.well-known/jwks.json`);
        send(res, response.status, 'application/json', await response.text());
        return;
      }
      case 'operation':
        break;
    }
    const { operation } = route;
    let request: CognitoRequest;
    try {
      request = JSON.parse((await readBody(req)).toString('utf8') || '{}') as CognitoRequest;
    } catch {
      send(res, 400, 'application/x-amz-json-1.1', JSON.stringify({ __type: 'SerializationException', message: 'Invalid JSON' }));
      return;
    }
    const answer = await this.call(operation, request);
    const headers: Record<string, string> = {};
    if (answer.status !== 200) {
      headers['x-amzn-errortype'] = `${String(answer.body.__type)}:`;
      headers['x-amzn-errormessage'] = String(answer.body.message ?? '');
      this.options.log('cognito', `${operation} -> ${String(answer.body.__type)}: ${String(answer.body.message ?? '')}`);
    }
    send(res, answer.status, 'application/x-amz-json-1.1', JSON.stringify(answer.body), headers);
  }
}

function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...CORS_HEADERS,
    ...headers,
    'content-type': contentType,
    'x-amzn-requestid': randomUUID(),
  });
  res.end(body);
}

export async function startCognitoCompat(options: CognitoCompatOptions): Promise<Server> {
  const compat = new CognitoCompat(options);
  const server = createServer((req, res) => {
    compat.handle(req, res).catch((cause: unknown) => {
      options.log('cognito', `compatibility layer error: ${cause instanceof Error ? cause.message : String(cause)}`);
      if (!res.headersSent) {
        send(
          res,
          500,
          'application/x-amz-json-1.1',
          JSON.stringify({ __type: 'InternalErrorException', message: 'Internal error' }),
        );
      } else res.end();
    });
  });
  await listen(server, options.port);
  return server;
}
