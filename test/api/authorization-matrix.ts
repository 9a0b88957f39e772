/**
 * The authorization matrix: for every route in shared/api/routes.ts, who is allowed to call it.
 * `deny` means 401 for an anonymous caller and 403 for a signed-in one; `allow` means anything else
 * (a 400 for the sample's missing input, or a 404 for a sample id, still proves the caller got past authorization).
 * A route without a row here fails the suite, so every new route must be placed in the matrix on purpose.
 */
export const CALLERS = ['anonymous', 'consumer', 'dealer', 'pendingBroker', 'broker', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Verdict = 'allow' | 'deny';

export interface MatrixRow {
  verdicts: Record<Caller, Verdict>;
  /** A concrete path for routes with parameters, and a body for writes. */
  sample?: { path?: string; body?: unknown };
}

const everyone: Record<Caller, Verdict> = {
  anonymous: 'allow',
  consumer: 'allow',
  dealer: 'allow',
  pendingBroker: 'allow',
  broker: 'allow',
  admin: 'allow',
};
const signedIn: Record<Caller, Verdict> = { ...everyone, anonymous: 'deny' };

export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  'GET /me': { verdicts: signedIn },
  'POST /auth/signup-licence': { verdicts: everyone, sample: { body: {} } },
  // A broker pending approval sees the blocking "Account Pending Review" card and no figures (docs/decisions.md).
  'GET /dashboard': { verdicts: { ...signedIn, pendingBroker: 'deny' } },
  'GET /marketplace/trending': { verdicts: everyone },
};
