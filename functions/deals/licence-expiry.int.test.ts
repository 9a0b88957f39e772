/**
 * A licence counts until its expiration date (UTC) at the moment of each request, not until the daily
 * `expire-licences` job next runs (docs/security.md, "Licences"): a broker whose licence expired yesterday and whom
 * the job has not un-licensed yet (`isLicensed` still true) is refused as an unlicensed broker is, everywhere a
 * licence lets a broker act: creating a deal, being offered or assigned as a deal's broker, GET /me's standing, being
 * assigned a lead or moved a client, and the dashboard's New Leads card.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { BROKER_NOT_LICENSED_MESSAGE } from '@functions/lib/http/feature-handler';
import type { MeResponse } from '@shared/auth/api';
import { CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE, type ClientView } from '@shared/clients/api';
import type { DashboardResponse } from '@shared/dashboard/api';
import { LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE } from '@shared/leads/api';
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

describe('a licence past its expiration date: leads, client moves and the dashboard', () => {
  const admin = () => principals.tokenOf('admin');

  it("is not accepted as a lead's assignee (400, nothing written); a licence expiring today still is", async () => {
    const [expired, today] = await Promise.all([brokerLicensedUntil(utcDate(-1)), brokerLicensedUntil(utcDate(0))]);
    const lead = {
      id: `lead-${randomUUID()}`,
      firstName: 'Robin',
      lastName: 'Lee',
      email: `licence.lead.${randomUUID()}@example.com`,
      phone: '(415) 555-2671',
      zipCode: '94107',
      vehiclePreference: 'help' as const,
      createdAt: new Date().toISOString(),
      status: 'new' as const,
    };
    expect(await createData().leads.create(lead)).toBe(true);

    const refused = await apiFetch<ApiErrorBody>(`/leads/${lead.id}/assign`, {
      token: admin(),
      body: { brokerId: expired.userId, revision: 0 },
    });
    expect([refused.status, refused.body.error?.fields]).toEqual([400, { brokerId: LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE }]);
    expect((await createData().leads.get(lead.id))?.assignedBrokerId).toBeUndefined();

    const allowed = await apiFetch(`/leads/${lead.id}/assign`, { token: admin(), body: { brokerId: today.userId, revision: 0 } });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });

  it('is not accepted as the broker a client is moved to (400, the client stays)', async () => {
    const expired = await brokerLicensedUntil(utcDate(-1));
    const created = await apiFetch<ClientView>('/clients', {
      token: admin(),
      body: { fullName: 'Lapsed Move', email: `licence.move.${randomUUID()}@example.com`, phone: '+15035550100' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const moved = await apiFetch<ApiErrorBody>(`/clients/${created.body.id}`, {
      token: admin(),
      method: 'PATCH',
      body: { profileId: expired.userId },
    });

    expect([moved.status, moved.body.error?.fields]).toEqual([400, { profileId: CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE }]);
    expect((await createData().clients.get(created.body.id))?.profileId).toBe(created.body.profileId);
  });

  it('takes the New Leads card off the dashboard, as for an unlicensed broker; a licence expiring today keeps it', async () => {
    const [expired, today] = await Promise.all([brokerLicensedUntil(utcDate(-1)), brokerLicensedUntil(utcDate(0))]);

    const [lapsed, current] = await Promise.all([
      apiFetch<DashboardResponse>('/dashboard', { token: expired.token }),
      apiFetch<DashboardResponse>('/dashboard', { token: today.token }),
    ]);

    expect([lapsed.status, current.status]).toEqual([200, 200]);
    expect(lapsed.body.cards.map((card) => card.id)).not.toContain('newLeads');
    expect(current.body.cards.map((card) => card.id)).toContain('newLeads');
  });
});
