/**
 * The caller's identity, built only from the claims that API Gateway's JWT authorizer (or the local API server,
 * which verifies tokens the same way) has already verified. Nothing in a request body or header other than the
 * verified token ever decides who the caller is.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { roleFromGroups, type Role } from '@shared/auth/roles';

export interface Identity {
  userId: string;
  email: string;
  role: Role;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

/** What the verified claims say about the caller: nobody, a user with no role (no group), or an identity. */
export type ClaimsIdentity =
  { kind: 'anonymous' } | { kind: 'no-role'; userId: string } | { kind: 'identity'; identity: Identity };

export function identityFromClaims(claims: Claims | undefined): ClaimsIdentity {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub.length === 0) return { kind: 'anonymous' };
  const groups = claims?.['cognito:groups'];
  const role = roleFromGroups(Array.isArray(groups) ? groups : typeof groups === 'string' ? groups : undefined);
  if (!role) return { kind: 'no-role', userId: sub };
  const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : '';
  return { kind: 'identity', identity: { userId: sub, email, role } };
}

/** Public routes receive events without an authorizer; both shapes are accepted. */
export function identityFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer | APIGatewayProxyEventV2): ClaimsIdentity {
  const authorizer = (event.requestContext as Partial<APIGatewayProxyEventV2WithJWTAuthorizer['requestContext']>).authorizer;
  return identityFromClaims(authorizer?.jwt?.claims as Claims | undefined);
}
