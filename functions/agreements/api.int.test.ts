/**
 * The brokering agreement through the local API (docs/decisions.md, "Agreements"): versions kept and listed, the
 * consumer's filled-in agreement marking it viewed, one signature per deal and client (version, time, source address,
 * typed name) with copies e-mailed to the client and the broker, and the broker's link e-mailed to the client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import {
  AGREEMENT_CHANGED_MESSAGE,
  AGREEMENT_OUTDATED_MESSAGE,
  AGREEMENT_TEXT_REQUIRED_MESSAGE,
  type AgreementVersion,
  type AgreementVersionsResponse,
  type ConsumerAgreementResponse,
  type DealAgreementResponse,
  type SendAgreementResponse,
} from '@shared/agreements/api';
import type { DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { apiFetch, waitForMail } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);

const TEMPLATE = 'I, {{client}}, hire {{broker}} to broker the {{vehicle}} for a concierge fee of {{fee}}.';

async function currentVersion(): Promise<number | null> {
  const listed = await apiFetch<AgreementVersionsResponse>('/admin/agreement', { token: as('admin') });
  expect(listed.status).toBe(200);
  return listed.body.versions[0]?.version ?? null;
}

async function writeVersion(text: string) {
  const created = await apiFetch<AgreementVersion & ApiErrorBody>('/admin/agreement/versions', {
    token: as('admin'),
    body: { text, basedOn: await currentVersion() },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** A finalized deal of the demo broker for the demo consumer's client, with a concierge fee of $750. */
async function consumerDeal() {
  const created = await apiFetch<DealView>('/deals', {
    token: as('broker'),
    body: {
      year: 2026,
      make: 'Audi',
      model: 'Q5',
      monthlyPayment: 649,
      downPayment: 1999,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 3.1,
      clientId: principals.records.consumerClient,
      dealershipId: principals.records.dealership,
      status: 'active',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const updated = await apiFetch<DealView>(`/deals/${created.body.id}`, {
    token: as('admin'),
    method: 'PATCH',
    body: { ...created.body, status: 'finalized', conciergeFee: 750 },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return updated.body;
}

const staffView = (dealId: string, caller: SignedInCaller = 'broker') =>
  apiFetch<DealAgreementResponse & ApiErrorBody>(`/deals/${dealId}/agreement`, { token: as(caller) });
const consumerView = (dealId: string, caller: SignedInCaller = 'consumer') =>
  apiFetch<ConsumerAgreementResponse & ApiErrorBody>(`/consumer/deals/${dealId}/agreement`, { token: as(caller) });
const sign = (dealId: string, body: unknown, caller: SignedInCaller = 'consumer') =>
  apiFetch<ConsumerAgreementResponse & ApiErrorBody>(`/consumer/deals/${dealId}/agreement/signature`, {
    token: as(caller),
    body,
  });

describe('agreement versions', () => {
  it('keeps every version, newest first, and refuses an edit of a version that is no longer the current one', async () => {
    const before = await currentVersion();
    const first = await writeVersion('First text {{client}}');
    const second = await writeVersion('Second text {{client}}');

    expect(second.version).toBe(first.version + 1);
    expect(first.version).toBe((before ?? 0) + 1);
    const listed = await apiFetch<AgreementVersionsResponse>('/admin/agreement', { token: as('admin') });
    expect(listed.body.versions.slice(0, 2).map((version) => [version.version, version.text])).toEqual([
      [second.version, 'Second text {{client}}'],
      [first.version, 'First text {{client}}'],
    ]);
    expectResponseKeys(
      listed.body.versions[0],
      { version: true, text: true, createdAt: true, createdByName: true },
      'GET /admin/agreement',
    );

    const stale = await apiFetch<ApiErrorBody>('/admin/agreement/versions', {
      token: as('admin'),
      body: { text: 'Lost edit', basedOn: first.version },
    });
    expect([stale.status, stale.body.error.message]).toEqual([409, AGREEMENT_CHANGED_MESSAGE]);
    expect(await currentVersion()).toBe(second.version);
  });

  it('refuses a blank text with 400 and stores nothing', async () => {
    const before = await currentVersion();
    const blank = await apiFetch<ApiErrorBody>('/admin/agreement/versions', {
      token: as('admin'),
      body: { text: '   ', basedOn: before },
    });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain(AGREEMENT_TEXT_REQUIRED_MESSAGE);
    expect(await currentVersion()).toBe(before);
  });
});

describe("a deal's agreement", () => {
  it('is sent by the broker (an e-mail with the portal link), viewed in the portal, then signed', async () => {
    await writeVersion(TEMPLATE);
    const deal = await consumerDeal();
    const client = (await createData().clients.get(principals.records.consumerClient))!;
    expect((await staffView(deal.id)).body).toMatchObject({ required: true, state: 'not_sent', signature: null });

    const sent = await apiFetch<SendAgreementResponse>(`/deals/${deal.id}/agreement/send`, {
      token: as('broker'),
      method: 'POST',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ to: client.email, status: 'sent', agreement: { state: 'sent' } });
    const link = await waitForMail(client.email!, (mail) => mail.subject === 'Your brokering agreement for the 2026 Audi Q5');
    expect(link.body.text).toContain('/consumer-portal');

    const viewed = await consumerView(deal.id);
    expect(viewed.status).toBe(200);
    expect((await staffView(deal.id)).body.state).toBe('viewed');
    expect((await staffView(deal.id)).body.viewedAt).not.toBeNull();
    expect(viewed.body.signature).toBeNull();
  });

  it("is the current version filled in for the consumer's deal, and another consumer's deal is a 404", async () => {
    const { version } = await writeVersion(TEMPLATE);
    const deal = await consumerDeal();
    const client = (await createData().clients.get(principals.records.consumerClient))!;
    const broker = await createData().users.getBrokerProfile(principals.of.broker.userId);

    const read = await consumerView(deal.id);

    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      required: true,
      version,
      text: `I, ${client.fullName}, hire ${broker!.fullName} to broker the 2026 Audi Q5 for a concierge fee of $750.00.`,
      signature: null,
    });
    expect((await consumerView(deal.id, 'otherConsumer')).status).toBe(404);
    expect((await sign(deal.id, { fullName: 'Someone Else', version }, 'otherConsumer')).status).toBe(404);
  });

  it('records one signature (version, time, source address, typed name), even signed twice at once, and e-mails copies to the client and the broker', async () => {
    const { version } = await writeVersion(TEMPLATE);
    const deal = await consumerDeal();
    const client = (await createData().clients.get(principals.records.consumerClient))!;
    const broker = (await createData().users.getBrokerProfile(principals.of.broker.userId))!;

    const [one, two] = await Promise.all([
      sign(deal.id, { fullName: '  Casey Consumer ', version }),
      sign(deal.id, { fullName: 'Casey Consumer', version }),
    ]);

    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.signature).toEqual(two.body.signature);
    expect(one.body.signature).toMatchObject({ version, signedName: 'Casey Consumer' });
    const again = await sign(deal.id, { fullName: 'Another Name', version });
    expect(again.body.signature).toEqual(one.body.signature);
    const stored = await createData().agreements.signature(deal.id, client.id);
    expect(stored).toMatchObject({ version, signedName: 'Casey Consumer', signedAt: one.body.signature!.signedAt });
    expect(stored!.sourceIp).toMatch(/\S/);
    expect(stored!.text).toContain('2026 Audi Q5');
    const staff = await staffView(deal.id);
    expect(staff.body).toMatchObject({
      state: 'signed',
      signature: { version, signedName: 'Casey Consumer', sourceIp: stored!.sourceIp },
    });

    const subject = 'Signed brokering agreement for the 2026 Audi Q5';
    const toClient = await waitForMail(
      client.email!,
      (mail) => mail.subject === subject && mail.body.text!.includes(stored!.signedAt.slice(0, 4)),
    );
    const toBroker = await waitForMail(broker.email!, (mail) => mail.subject === subject);
    expect(toClient.body.text).toContain('Casey Consumer signed the brokering agreement');
    expect(toBroker.body.text).toContain(stored!.text);
  });

  it('refuses a signature of an outdated version (409) and a blank name (400)', async () => {
    const { version } = await writeVersion(TEMPLATE);
    const deal = await consumerDeal();
    await writeVersion(`${TEMPLATE} Updated.`);

    const outdated = await sign(deal.id, { fullName: 'Casey Consumer', version });
    expect([outdated.status, outdated.body.error?.message]).toEqual([409, AGREEMENT_OUTDATED_MESSAGE]);
    expect((await sign(deal.id, { fullName: ' ', version: version + 1 })).status).toBe(400);
    expect((await staffView(deal.id)).body.signature).toBeNull();
  });

  it('hides the source address from the consumer', async () => {
    const { version } = await writeVersion(TEMPLATE);
    const deal = await consumerDeal();
    const signed = await sign(deal.id, { fullName: 'Casey Consumer', version });
    expectResponseKeys(
      signed.body,
      { required: true, version: true, text: true, signature: { version: true, signedAt: true, signedName: true } },
      'POST /consumer/deals/{id}/agreement/signature',
    );
    expectResponseKeys(
      (await consumerView(deal.id)).body,
      { required: true, version: true, text: true, signature: { version: true, signedAt: true, signedName: true } },
      'GET /consumer/deals/{id}/agreement',
    );
  });
});
