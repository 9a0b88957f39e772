/**
 * A licence counts until its expiration date (UTC) at the moment of each request, not until the daily
 * `expire-licences` job next runs (docs/security.md, "Licences"): a broker whose licence expired yesterday and whom
 * the job has not un-licensed yet (`isLicensed` still true) is refused as an unlicensed broker is, everywhere a
 * licence lets a broker act: creating a deal, being offered or assigned as a deal's broker, and GET /me's standing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@functions/lib/data';
import { BROKER_NOT_LICENSED_MESSAGE } from '@functions/lib/http/feature-handler';
import type { MeResponse } from '@shared/auth/api';
import { BROKER_NOT_ASSIGNABLE_MESSAGE, type AssignableBrokersResponse, type DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, createUser, signIn, TEST_PASSWORD } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

/** YYYY-MM-DD, `days` from today in UTC. */
const utcDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An approved broker licensed until `licenseExpirationDate`, as the table holds them before the job runs; signed in. */
async function brokerLicensedUntil(licenseExpirationDate: string) {
  const { email, userId } = await createUser('broker');
  const fullName = `Lena Licence ${licenseExpirationDate}`;
  await createData().users.registerBroker({ userId, email, fullName }, new Date(), {
    isApproved: true,
    isLicensed: true,
    licenseNumber: `CA-${userId.slice(0, 8)}`,
    licenseExpirationDate,
  });
  return { userId, fullName, token: (await signIn(email, TEST_PASSWORD)).idToken };
}

const newDeal = () => ({
  year: 2026,
  make: 'Kia',
  model: 'EV6',
  monthlyPayment: 499,
  downPayment: 2999,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 2.9,
  clientId: principals.records.consumerClient,
  dealershipId: principals.records.dealership,
  status: 'active',
});

describe('a licence past its expiration date, before the expiry job ran', () => {
  it('refuses deal creation with the message an unlicensed broker gets; a licence expiring today still counts', async () => {
    const [expired, today] = await Promise.all([brokerLicensedUntil(utcDate(-1)), brokerLicensedUntil(utcDate(0))]);
    expect((await createData().users.getBrokerProfile(expired.userId))?.isLicensed).toBe(true);

    const [refused, unlicensed, allowed] = await Promise.all([
      apiFetch<ApiErrorBody>('/deals', { token: expired.token, body: newDeal() }),
      apiFetch<ApiErrorBody>('/deals', { token: principals.tokenOf('unlicensedBroker'), body: newDeal() }),
      apiFetch<DealView>('/deals', { token: today.token, body: newDeal() }),
    ]);

    expect([refused.status, refused.body.error?.message]).toEqual([403, BROKER_NOT_LICENSED_MESSAGE]);
    expect([unlicensed.status, unlicensed.body.error?.message]).toEqual([403, BROKER_NOT_LICENSED_MESSAGE]);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
  });

  it('is not offered or accepted as a deal’s broker, and GET /me reads them unlicensed', async () => {
    const expired = await brokerLicensedUntil(utcDate(-1));

    const offered = await apiFetch<AssignableBrokersResponse>('/assignable-brokers', { token: principals.tokenOf('admin') });
    const assigned = await apiFetch<ApiErrorBody>('/deals', {
      token: principals.tokenOf('admin'),
      body: { ...newDeal(), brokerId: expired.userId },
    });
    const me = await apiFetch<MeResponse>('/me', { token: expired.token });

    expect(offered.status).toBe(200);
    expect(offered.body.brokers.map((broker) => broker.id)).not.toContain(expired.userId);
    expect([assigned.status, assigned.body.error?.fields]).toEqual([400, { brokerId: BROKER_NOT_ASSIGNABLE_MESSAGE }]);
    expect(me.body.broker).toEqual({ isApproved: true, isLicensed: false });
  });
});
