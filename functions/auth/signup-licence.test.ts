import { describe, expect, it } from 'vitest';
import type { PoolUser } from '@functions/lib/cognito';
import { isPendingSignUp } from './signup-licence';

const NOW = new Date('2026-03-10T15:00:00Z');
const fresh: PoolUser = { username: 'u', sub: 'sub-1', status: 'UNCONFIRMED', createdAt: new Date('2026-03-10T14:30:00Z') };

describe('isPendingSignUp', () => {
  it('accepts the unconfirmed user created within the hour whose sub the sign-up returned', () => {
    expect(isPendingSignUp(fresh, 'sub-1', NOW)).toBe(true);
  });

  it('rejects an unknown user, a confirmed one, another sub, and a sign-up older than an hour', () => {
    expect(isPendingSignUp(null, 'sub-1', NOW)).toBe(false);
    expect(isPendingSignUp({ ...fresh, status: 'CONFIRMED' }, 'sub-1', NOW)).toBe(false);
    expect(isPendingSignUp(fresh, 'sub-2', NOW)).toBe(false);
    expect(isPendingSignUp({ ...fresh, createdAt: new Date('2026-03-10T13:59:59Z') }, 'sub-1', NOW)).toBe(false);
    expect(isPendingSignUp({ ...fresh, createdAt: undefined }, 'sub-1', NOW)).toBe(false);
  });
});
