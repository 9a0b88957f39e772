import { describe, expect, it } from 'vitest';
import type { AuthData } from './data';
import { describeCaller } from './me';

type Users = AuthData['users'];

/** A users store holding at most one user and one broker profile: enough for GET /me's two reads. */
function usersWith(
  user: Awaited<ReturnType<Users['get']>>,
  brokerProfile: Awaited<ReturnType<Users['getBrokerProfile']>> = null,
) {
  return { users: { get: async () => user, getBrokerProfile: async () => brokerProfile } as unknown as Users };
}

describe('GET /me (describeCaller)', () => {
  it('greets a user who has no record yet by e-mail instead of by nothing', async () => {
    const me = await describeCaller({ userId: 'u1', email: 'new@leasedesk.com', role: 'admin' }, usersWith(null));

    expect(me).toMatchObject({ userId: 'u1', role: 'admin', fullName: 'new@leasedesk.com', dealershipId: null, broker: null });
  });

  it('reports a broker without a profile as neither approved nor licensed, so the dashboard blocks', async () => {
    const me = await describeCaller({ userId: 'b1', email: 'b@leasedesk.com', role: 'broker' }, usersWith(null, null));

    expect(me.broker).toEqual({ isApproved: false, isLicensed: false });
  });
});
