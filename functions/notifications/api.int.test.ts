/**
 * The notification centre through the local API (docs/decisions.md, "Notifications"): each event writes the
 * notification for the right user and nobody else, marking one read and all read (idempotent, only one's own:
 * another user's is 404), and the e-mail preference stopping the e-mail but not the in-app notification.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { Lead } from '@functions/domain/leads/leads';
import type { NotificationItem, NotificationListResponse, NotificationPreferences } from '@shared/notifications/api';
import { NOTIFICATION_NOT_FOUND_MESSAGE } from '@shared/notifications/api';
import { quoteRequestSchema } from '@shared/quotes/api';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';
import { submitQuoteRequest } from '@functions/quotes/quotes';
import { notifyWaitingLeads } from './notify-waiting-leads';
import { waitingLeadsStore } from './data/notify-waiting-leads';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const idOf = (caller: SignedInCaller) => principals.of[caller].userId;

const list = (caller: SignedInCaller, query = 'limit=50') =>
  apiFetch<NotificationListResponse>(`/notifications?${query}`, { token: as(caller) });
/** The caller's notifications linking to `link` (the record an event was about). */
async function about(caller: SignedInCaller, link: string): Promise<NotificationItem[]> {
  const { status, body } = await list(caller);
  expect(status).toBe(200);
  return body.notifications.filter((notification) => notification.link === link);
}

async function addLead(fields: Partial<Lead> = {}, minutesAgo = 1): Promise<Lead> {
  const lead: Lead = {
    id: `lead-${randomUUID()}`,
    firstName: 'Noor',
    lastName: `Tell${randomUUID().slice(0, 6)}`,
    email: `lead.${randomUUID()}@example.com`,
    phone: '(415) 555-2671',
    zipCode: '94107',
    vehiclePreference: 'exact',
    exactVehicleYear: 2026,
    exactVehicleMake: 'Toyota',
    exactVehicleModel: 'RAV4',
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    status: 'new',
    ...fields,
  };
  expect(await createData().leads.create(lead)).toBe(true);
  return lead;
}

const assign = async (id: string, brokerId: string) =>
  apiFetch(`/leads/${id}/assign`, {
    token: as('admin'),
    body: { brokerId, revision: (await createData().leads.get(id))?.revision ?? 0 },
  });

describe('events', () => {
  it('tells the broker a lead was assigned to them, and nobody else', async () => {
    const lead = await addLead();
    expect((await assign(lead.id, idOf('broker'))).status).toBe(200);

    const mine = await about('broker', `/leads/${lead.id}`);
    expect(mine).toEqual([
      expect.objectContaining({ kind: 'lead-assigned', title: `Lead assigned to you: Noor ${lead.lastName}`, read: false }),
    ]);
    expect(await about('otherBroker', `/leads/${lead.id}`)).toEqual([]);
    expect(await about('admin', `/leads/${lead.id}`)).toEqual([]);
  });

  it('does not tell a broker about a lead they claimed themselves', async () => {
    const lead = await addLead();
    expect((await apiFetch(`/leads/${lead.id}/claim`, { token: as('otherBroker'), method: 'POST' })).status).toBe(200);

    expect(await about('otherBroker', `/leads/${lead.id}`)).toEqual([]);
  });

  it("tells the deal's broker a credit application was completed, once", async () => {
    const data = createData();
    const deal = (await data.deals.get(principals.records.consumerDeal))!;
    const token = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
    const now = new Date();
    await data.creditApplications.create({
      token,
      id: randomUUID(),
      dealId: deal.id,
      status: 'valid',
      validUntil: new Date(now.getTime() + 86_400_000).toISOString(),
      createdAt: now.toISOString(),
    });

    expect(await data.creditApplications.complete(token, now)).toBe(true);
    expect(await data.creditApplications.complete(token, now)).toBe(false);

    const owner = (Object.keys(principals.of) as SignedInCaller[]).find((caller) => idOf(caller) === deal.brokerId)!;
    const told = (await about(owner, `/deals/${deal.id}`)).filter((n) => n.kind === 'credit-application-completed');
    expect(told.filter((n) => n.createdAt === now.toISOString())).toHaveLength(1);
    const others = (['otherBroker', 'admin'] as const).filter((caller) => idOf(caller) !== deal.brokerId);
    for (const caller of others) {
      const theirs = (await about(caller, `/deals/${deal.id}`)).filter((n) => n.createdAt === now.toISOString());
      expect(theirs).toEqual([]);
    }
  });

  it('tells every admin, and only the admins, about a lead nobody took within the hour (once)', async () => {
    const lead = await addLead({}, 90);
    const data = waitingLeadsStore(createData().table);

    await notifyWaitingLeads(data, new Date());
    await notifyWaitingLeads(data, new Date());

    const told = await about('admin', `/leads/${lead.id}`);
    expect(told).toEqual([
      expect.objectContaining({ kind: 'lead-waiting', title: `Lead waiting for a broker: Noor ${lead.lastName}` }),
    ]);
    expect(await about('broker', `/leads/${lead.id}`)).toEqual([]);
  });
});

describe('reading', () => {
  it("marks one read (idempotent), lowers the count, and answers 404 for another user's", async () => {
    const lead = await addLead();
    await assign(lead.id, idOf('broker'));
    const [notification] = await about('broker', `/leads/${lead.id}`);
    const before = (await list('broker')).body.unreadCount;
    expect(before).toBeGreaterThan(0);

    const stranger = await apiFetch<ApiErrorBody>(`/notifications/${notification!.id}/read`, {
      token: as('otherBroker'),
      method: 'POST',
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.message).toBe(NOTIFICATION_NOT_FOUND_MESSAGE);
    expect((await about('broker', `/leads/${lead.id}`))[0]!.read).toBe(false);

    const first = await apiFetch<{ unreadCount: number }>(`/notifications/${notification!.id}/read`, {
      token: as('broker'),
      method: 'POST',
    });
    const again = await apiFetch<{ unreadCount: number }>(`/notifications/${notification!.id}/read`, {
      token: as('broker'),
      method: 'POST',
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect((await about('broker', `/leads/${lead.id}`))[0]!.read).toBe(true);
    expect(again.body.unreadCount).toBe(first.body.unreadCount);
  });

  it('marks all read, only the caller’s, and again changes nothing', async () => {
    const [mine, theirs] = [await addLead(), await addLead()];
    await assign(mine.id, idOf('unlicensedBroker')).then(() => undefined);
    await assign(mine.id, idOf('broker'));
    await assign(theirs.id, idOf('otherBroker'));

    const all = await apiFetch<{ unreadCount: number }>('/notifications/read-all', { token: as('broker'), method: 'POST' });
    expect(all).toMatchObject({ status: 200, body: { unreadCount: 0 } });
    expect((await list('broker')).body).toMatchObject({ unreadCount: 0 });
    expect((await about('broker', `/leads/${mine.id}`))[0]!.read).toBe(true);
    expect((await about('otherBroker', `/leads/${theirs.id}`))[0]!.read).toBe(false);
    expect(await apiFetch('/notifications/read-all', { token: as('broker'), method: 'POST' })).toMatchObject({
      status: 200,
      body: { unreadCount: 0 },
    });
  });

  it('pages newest first with a cursor', async () => {
    const leads = [await addLead(), await addLead(), await addLead()];
    for (const lead of leads) await assign(lead.id, idOf('otherBroker'));
    const first = await list('otherBroker', 'limit=2');
    expect(first.body.notifications).toHaveLength(2);
    expect(first.body.notifications.map((n) => n.link)).toEqual([`/leads/${leads[2]!.id}`, `/leads/${leads[1]!.id}`]);
    const next = await list('otherBroker', `limit=2&cursor=${first.body.nextCursor}`);
    expect(next.body.notifications[0]!.link).toBe(`/leads/${leads[0]!.id}`);
    expect((await list('otherBroker', 'cursor=nonsense')).status).toBe(400);
  });
});

describe('e-mail preferences', () => {
  it('are on by default, per kind of the role, and set one by one', async () => {
    // Another file of the shard (the authorization matrix's generated valid inputs) may have switched some off.
    await createData().notifications.setEmailOff(idOf('pendingBroker'), [], new Date());
    const { body } = await apiFetch<NotificationPreferences>('/notifications/preferences', { token: as('pendingBroker') });
    expect(body.kinds).not.toContain('broker-awaiting-approval');
    expect(Object.values(body.email).every(Boolean)).toBe(true);

    const set = await apiFetch<NotificationPreferences>('/notifications/preferences', {
      token: as('pendingBroker'),
      method: 'PUT',
      body: { email: { 'concierge-fee-paid': false } },
    });
    expect(set.body.email).toMatchObject({ 'concierge-fee-paid': false, 'lead-waiting': true });
    const admin = await apiFetch<NotificationPreferences>('/notifications/preferences', { token: as('admin') });
    expect(admin.body.kinds).toContain('broker-awaiting-approval');
    expect(
      (
        await apiFetch('/notifications/preferences', {
          token: as('pendingBroker'),
          method: 'PUT',
          body: { email: { nope: true } },
        })
      ).status,
    ).toBe(400);
  });

  it('switched off stops the new-lead e-mail to that agent, but not the in-app notification', async () => {
    const data = createData();
    const agentId = randomUUID();
    const agentEmail = `agent.${agentId}@leasedesk.com`;
    await data.users.registerBroker({ userId: agentId, email: agentEmail, fullName: 'Quiet Agent' }, new Date(), {
      isApproved: true,
      isLicensed: true,
    });
    await data.notifications.setEmailOff(agentId, ['lead-waiting'], new Date());
    const sendEmail = vi.fn(async (_email: { to: string }) => ({ ok: true as const, messageId: undefined }));
    const request = quoteRequestSchema.parse({
      ...sampleQuoteRequest(),
      brokerId: agentId,
      idempotencyKey: randomUUID(),
    });

    const { id } = await submitQuoteRequest(
      request,
      {
        data,
        mailer: { sendEmail },
        sms: { sendSms: vi.fn(async () => ({ ok: true as const, messageId: undefined })) },
        appUrl: 'https://app.example',
        log: { info: vi.fn() },
      },
      new Date(),
    );

    const recipients = sendEmail.mock.calls.map(([email]) => email.to);
    expect(recipients.length).toBeGreaterThan(0);
    expect(recipients).not.toContain(agentEmail);

    const lead = (await data.leads.get(id))!;
    await data.leads.save(lead, { ...lead, assignedBrokerId: agentId, assignedBrokerName: 'Quiet Agent' });
    const told = await data.notifications.page(agentId, undefined, 10, new Date());
    expect(told.notifications.map((n) => n.link)).toContain(`/leads/${id}`);
  });
});

function sampleQuoteRequest() {
  return {
    vehiclePreference: 'exact',
    exactYear: 2025,
    exactMake: 'Honda',
    exactModel: 'Civic',
    firstName: 'Pat',
    lastName: `Quiet${randomUUID().slice(0, 6)}`,
    email: `pat.${randomUUID()}@example.com`,
    phone: '4155550142',
    zipCode: '94107',
    preferredContactMethod: 'text',
  };
}
