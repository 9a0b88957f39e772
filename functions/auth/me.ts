import type { MeResponse } from '@shared/auth/api';
import type { Identity } from '@functions/lib/auth-context';
import type { AuthData } from './data';
import { isLicensedAt } from '@shared/brokers/licence';

/**
 * GET /me. The role is the token's (the Cognito group); name, dealership and broker standing are read from the
 * table on each call so that an approval or a dealership change shows at once.
 */
export async function describeCaller(identity: Identity, data: Pick<AuthData, 'users'>, now = new Date()): Promise<MeResponse> {
  const [user, brokerProfile] = await Promise.all([
    data.users.get(identity.userId),
    identity.role === 'broker' ? data.users.getBrokerProfile(identity.userId) : Promise.resolve(null),
  ]);
  return {
    userId: identity.userId,
    email: user?.email ?? identity.email,
    role: identity.role,
    // A user created outside the product's flows may have no record yet: greet them by e-mail rather than by nothing.
    fullName: user?.fullName || user?.email || identity.email,
    dealershipId: identity.role === 'dealer' ? (user?.dealershipId ?? null) : null,
    broker:
      identity.role === 'broker'
        ? { isApproved: brokerProfile?.isApproved ?? false, isLicensed: isLicensedAt(brokerProfile, now) }
        : null,
  };
}
