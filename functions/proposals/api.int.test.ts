/**
 * Proposals through the local API (docs/decisions.md, "Proposals"): the deal's broker or an admin shares a snapshot of
 * the deal's offer (another broker is refused); the public link shows it without an account, never with the broker's
 * fees, commission or lead source; accepting records the time and address on the deal's trail and moves an available
 * deal to pending, once; a question is e-mailed to the broker and put on the trail; revoked and expired links are
 * refused with their message; the consumer of the deal reads it in the portal, another consumer does not.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { DEAL_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import type { DealDetail, DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import type { NotificationListResponse, NotificationPreferences } from '@shared/notifications/api';
import type { OutboxText } from '@infra/local/sms-outbox';
import { calculateLease } from '@shared/lease/calculate';
import {
  PROPOSAL_ALREADY_ACCEPTED_MESSAGE,
  PROPOSAL_DEAL_CLOSED_MESSAGE,
  PROPOSAL_OFFER_CLOSED_MESSAGE,
  PROPOSAL_REPLACED_MESSAGE,
  PROPOSAL_WITHDRAWN_MESSAGE,
  PROPOSAL_EXPIRED_MESSAGE,
  PROPOSAL_INVALID_MESSAGE,
  PROPOSAL_REVOKED_MESSAGE,
  PROPOSAL_DEAL_REMOVED_MESSAGE,
  QUESTION_REQUIRED_MESSAGE,
  type AcceptProposalResponse,
  type ConsumerProposals,
  type CreateProposalResponse,
  type DealProposals,
  type PublicProposal,
} from '@shared/proposals/api';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys, type KeySpec } from '@test/support/response-keys';
import { setClientBook } from '@test/support/client-book';
import { apiFetch, apiFetchFrom, getStack, ownLoopbackAddress, readMailbox, uniqueEmail, waitForMail } from '@test/support/stack';
import { proposalStore } from './data/proposals';
import { hashProposalToken } from './proposal-views';

let principals: Principals;
let clientId: string;
let clientEmail: string;
beforeAll(async () => {
  principals = await loadPrincipals();
  clientEmail = `proposal-${randomUUID()}@example.com`;
  const { client } = await createData().clients.create(
    { fullName: 'Proposal Client', email: clientEmail, profileId: 'test' },
    new Date(),
  );
  clientId = client.id;
});

/** Another client of the book (a phone only, when `phone` is given). */
async function anotherClient(contact: { email?: string; phone?: string } = { email: uniqueEmail('proposal') }) {
  const { client } = await createData().clients.create(
    { fullName: `Other ${randomUUID().slice(0, 6)}`, profileId: 'test', ...contact },
    new Date(),
  );
  return client;
}

const as = (caller: SignedInCaller) => principals.tokenOf(caller);

/** A lease deal of the demo broker with everything a client must not see set, desked. */
async function newDeal(changes: object = {}): Promise<DealView> {
  const response = await apiFetch<DealView>('/deals', {
    token: as('admin'),
    body: {
      year: 2026,
      make: 'Toyota',
      model: 'RAV4',
      trim: 'XLE',
      monthlyPayment: 311.04,
      downPayment: 0,
      termMonths: 36,
      mileageAllowance: 10000,
      moneyFactor: 0.00125,
      apr: 3,
      clientId,
      dealershipId: principals.records.dealership,
      brokerId: principals.of.broker.userId,
      brokerFeeDealer: 400,
      brokerFeeClient: 600,
      heardAboutUs: 'Referral',
      heardAboutUsReferral: 'Secret Referrer',
      notes: 'Private broker notes',
      desking: {
        msrp: 23000,
        sellingPrice: 21000,
        residualPercent: 57,
        moneyFactor: 0.00125,
        termMonths: 36,
        capitalizedFees: 1200,
        rebates: 500,
        taxRatePercent: 10.25,
        taxMethod: 'monthly',
      },
      ...changes,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** The admin's save of the edit form with `changes` (the concierge fee is an admin's to set on a saved deal). */
async function edit(deal: DealView, changes: object): Promise<DealView> {
  const saved = await apiFetch<DealView>(`/deals/${deal.id}`, {
    token: as('admin'),
    method: 'PATCH',
    body: { ...deal, ...changes, revision: deal.revision },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

const share = (caller: SignedInCaller, dealId: string) =>
  apiFetch<CreateProposalResponse & ApiErrorBody>(`/deals/${dealId}/proposals`, { token: as(caller), method: 'POST' });

async function shared(dealId: string, caller: SignedInCaller = 'broker'): Promise<CreateProposalResponse> {
  const response = await share(caller, dealId);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const open = (token: string) => apiFetch<PublicProposal>(`/proposals/${token}`);
const accept = (token: string, from = ownLoopbackAddress()) =>
  apiFetchFrom<AcceptProposalResponse & ApiErrorBody>(from, `/proposals/${token}/accept`, { method: 'POST' });
const ask = (token: string, question: unknown) =>
  apiFetchFrom<{ received: true; delivery: string } & ApiErrorBody>(ownLoopbackAddress(), `/proposals/${token}/questions`, {
    body: { question },
  });
const revoke = (caller: SignedInCaller, dealId: string, proposalId: string) =>
  apiFetch<ApiErrorBody>(`/deals/${dealId}/proposals/${proposalId}/revoke`, { token: as(caller), method: 'POST' });
const listed = async (dealId: string) =>
  (await apiFetch<DealProposals>(`/deals/${dealId}/proposals`, { token: as('broker') })).body.proposals;
const detail = async (dealId: string) => (await apiFetch<DealDetail>(`/deals/${dealId}`, { token: as('admin') })).body;

/** Exactly the keys a proposal's reader gets: the snapshot, never the broker's fees, commission or lead source. */
const snapshotKeys: KeySpec = {
  vehicle: { year: true, make: true, model: true, trim: true, imageUrl: true },
  dealType: true,
  monthlyPayment: true,
  downPayment: true,
  termMonths: true,
  mileageAllowance: true,
  moneyFactor: true,
  apr: true,
  totalDueAtSigning: true,
  driveOff: { firstPayment: true, cashDown: true, upfrontFees: true, upfrontTax: true, securityDeposits: true, total: true },
  conciergeFee: true,
  incentives: [true],
  brokerName: true,
  dealershipName: true,
  clientName: true,
  // Each option's numbers and total (docs/decisions.md, "Proposal options"): never a fee or commission.
  options: [
    {
      label: true,
      source: true,
      termMonths: true,
      milesPerYear: true,
      monthlyPayment: true,
      dueAtSigning: true,
      refundableDeposits: true,
      onePay: true,
      moneyFactor: true,
      securityDepositCount: true,
      totalCost: true,
    },
  ],
};
const viewKeys: KeySpec = {
  id: true,
  status: true,
  expiresAt: true,
  acceptedAt: true,
  acceptedOption: true,
  createdAt: true,
  snapshot: snapshotKeys,
};
const HIDDEN = /brokerFee|[cC]ommission|heardAboutUs|Secret Referrer|Private broker notes|desking/;

describe('POST /deals/{id}/proposals', () => {
  it("shares the deal's offer as a snapshot with a link, shown once; the deal page lists it as sent", async () => {
    const deal = await newDeal();

    const created = await shared(deal.id);

    expect(created.url).toMatch(new RegExp(`/proposal/${created.token}$`));
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.proposal).toMatchObject({ status: 'sent', monthlyPayment: 311.04, termMonths: 36, acceptedAt: null });
    expect(await listed(deal.id)).toEqual([created.proposal]);
    expect(JSON.stringify(await listed(deal.id))).not.toContain(created.token);
  });

  it("e-mails the proposal with its link to the client's e-mail on file, and says where it went", async () => {
    const deal = await newDeal();

    const created = await shared(deal.id);

    expect(created.delivery).toEqual({ channel: 'email', to: clientEmail, status: 'sent', error: null });
    const mail = await waitForMail(clientEmail, (message) => message.body.text?.includes(created.url) ?? false);
    expect(mail.subject).toContain('Your proposal for the 2026 Toyota RAV4 XLE');
    expect(mail.body.text).toContain('$311.04/mo for 36 months');
    expect(mail.body.text).not.toMatch(HIDDEN);
    expect(await proposalStore(createData().table).getByTokenHash(hashProposalToken(created.token))).toMatchObject({
      sentChannel: 'email',
      sentTo: clientEmail,
      deliveryStatus: 'sent',
    });
  });

  it('texts the link to a client who has only a phone on file, and shares with no one to send to as a link only', async () => {
    const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const texted = await newDeal({ clientId: (await anotherClient({ phone })).id });

    const created = await shared(texted.id);

    expect(created.delivery).toEqual({ channel: 'sms', to: phone, status: 'sent', error: null });
    const outbox = (await (await fetch(`${getStack().urls.smsOutbox}/messages`)).json()) as { messages: OutboxText[] };
    expect(outbox.messages.find((message) => message.phoneNumber === phone)?.message).toContain(created.url);

    const nobody = await shared((await newDeal({ clientId: (await anotherClient({})).id })).id);
    expect(nobody.delivery).toEqual({ channel: null, to: null, status: null, error: null });
  });

  it("replaces the deal's earlier sent proposal: its link says a newer one was sent, and it accepts nothing", async () => {
    const deal = await newDeal();
    const first = await shared(deal.id);

    const second = await shared(deal.id);

    expect(second.replaced).toBe(1);
    expect((await listed(deal.id)).map((proposal) => [proposal.id, proposal.status])).toEqual([
      [second.proposal.id, 'sent'],
      [first.proposal.id, 'replaced'],
    ]);
    expect((await open(first.token)).body).toEqual({ status: 'replaced', message: PROPOSAL_REPLACED_MESSAGE, proposal: null });
    const accepted = await accept(first.token);
    expect([accepted.status, accepted.body.error.message]).toEqual([409, PROPOSAL_REPLACED_MESSAGE]);
    expect((await ask(first.token, 'Which one?')).status).toBe(409);
    expect((await accept(second.token)).status).toBe(200);
  });

  it('leaves one sent proposal when two shares of a deal race', async () => {
    const deal = await newDeal();

    const results = await Promise.all([share('broker', deal.id), share('admin', deal.id), share('broker', deal.id)]);

    expect(results.every((result) => result.status === 201 || result.status === 409)).toBe(true);
    expect((await listed(deal.id)).filter((proposal) => proposal.status === 'sent')).toHaveLength(1);
  });

  it('refuses closed and not-sold deals (409), which can no longer change hands', async () => {
    const closed = await edit(await newDeal(), { status: 'closed' });
    const notSold = await edit(await newDeal(), { status: 'not_sold', notSoldReason: 'Bought elsewhere' });

    for (const deal of [closed, notSold]) {
      const response = await share('admin', deal.id);
      expect([response.status, response.body.error?.message]).toEqual([409, PROPOSAL_DEAL_CLOSED_MESSAGE]);
      expect(await listed(deal.id)).toEqual([]);
    }
  });

  it('refuses to accept a proposal of a deal closed since it was sent', async () => {
    const deal = await newDeal();
    const { token } = await shared(deal.id);
    await edit(deal, { status: 'closed' });

    const accepted = await accept(token);

    expect([accepted.status, accepted.body.error.message]).toEqual([409, PROPOSAL_OFFER_CLOSED_MESSAGE]);
  });

  it("offers the desking computation's monthly payment, not a typed one that disagrees with it", async () => {
    // The desking input prices at 311.04 a month (docs/lease-math.md's example); the deal's field says 999.
    const deal = await newDeal({ monthlyPayment: 999 });
    const desked = calculateLease(deal.desking as never).monthlyPayment;

    const { token, proposal } = await shared(deal.id);

    expect(desked).toBe(311.04);
    expect(proposal.monthlyPayment).toBe(desked);
    expect((await open(token)).body.proposal!.snapshot).toMatchObject({
      monthlyPayment: desked,
      driveOff: { firstPayment: desked },
    });
  });

  it("answers 404 in own book to a broker for another broker's deal (list and share)", async () => {
    const deal = await newDeal();
    await setClientBook('own');
    try {
      const list = await apiFetch<ApiErrorBody>(`/deals/${deal.id}/proposals`, { token: as('otherBroker') });
      expect(list.status).toBe(404);
      expect((await share('otherBroker', deal.id)).status).toBe(404);
      expect((await apiFetch(`/deals/${deal.id}/proposals`, { token: as('broker') })).status).toBe(200);
    } finally {
      await setClientBook('shared');
    }
  });

  it("is the deal's broker's or an admin's: another broker is refused (403), a dealer by role", async () => {
    const deal = await newDeal();

    expect((await share('admin', deal.id)).status).toBe(201);
    const other = await share('otherBroker', deal.id);
    expect([other.status, other.body.error.message]).toEqual([403, DEAL_NOT_YOURS_MESSAGE]);
    expect((await share('dealer', deal.id)).status).toBe(403);
    expect((await listed(deal.id)).length).toBe(1);
  });
});

describe('GET /proposals/{token}', () => {
  it('shows the proposal without an account, with the itemized drive-off and nothing the client must not see', async () => {
    // The concierge fee is set by an admin on a finalized deal.
    const deal = await edit(await newDeal(), { status: 'finalized', conciergeFee: 500 });
    const { token } = await shared(deal.id);

    const response = await open(token);

    expect(response.status).toBe(200);
    expect(response.body.status).toBe('sent');
    expectResponseKeys(response.body.proposal, viewKeys, 'GET /proposals/{token}');
    expect(JSON.stringify(response.body)).not.toMatch(HIDDEN);
    expect(response.body.proposal!.snapshot).toMatchObject({
      vehicle: { year: 2026, make: 'Toyota', model: 'RAV4', trim: 'XLE' },
      monthlyPayment: 311.04,
      mileageAllowance: 10000,
      conciergeFee: 500,
      clientName: 'Proposal Client',
      // The desked lease of docs/lease-math.md's example: first payment 311.04 is all that is due at signing.
      driveOff: { firstPayment: 311.04, cashDown: 0, upfrontFees: 0, upfrontTax: 0, securityDeposits: 0, total: 311.04 },
      totalDueAtSigning: 311.04,
    });
  });

  it('is a snapshot: changing the deal afterwards changes no proposal already sent', async () => {
    const deal = await newDeal();
    const { token } = await shared(deal.id);
    await edit(deal, { monthlyPayment: 999 });

    expect((await open(token)).body.proposal!.snapshot.monthlyPayment).toBe(311.04);
  });

  it('answers an unknown or malformed token as invalid, with its message', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'nosuchtoken']) {
      const response = await open(token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'invalid', message: PROPOSAL_INVALID_MESSAGE, proposal: null });
    }
    expect((await accept('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});

describe('POST /proposals/{token}/accept', () => {
  it("records the time and address on the deal's trail and moves the available deal to pending, once", async () => {
    const deal = await newDeal();
    const { token, proposal } = await shared(deal.id);
    const address = ownLoopbackAddress();

    const first = await accept(token, address);

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'accepted', alreadyAccepted: false });
    const after = await detail(deal.id);
    expect(after.deal.status).toBe('pending');
    const entry = after.activity.find((activity) => activity.kind === 'proposal_accepted');
    expect(entry?.at).toBe(first.body.acceptedAt);
    expect(entry?.changes).toEqual([
      { field: 'status', before: 'available', after: 'pending' },
      { field: 'proposalId', before: null, after: proposal.id },
      { field: 'acceptedFromIp', before: null, after: address },
    ]);
    expect((await listed(deal.id))[0]).toMatchObject({ status: 'accepted', acceptedAt: first.body.acceptedAt });

    const second = await accept(token);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      status: 'accepted',
      acceptedAt: first.body.acceptedAt,
      acceptedOption: null,
      alreadyAccepted: true,
      message: PROPOSAL_ALREADY_ACCEPTED_MESSAGE,
    });
    const trail = (await detail(deal.id)).activity.filter((activity) => activity.kind === 'proposal_accepted');
    expect(trail).toHaveLength(1);
    expect((await open(token)).body).toMatchObject({ status: 'accepted', message: PROPOSAL_ALREADY_ACCEPTED_MESSAGE });
  });

  it('records the acceptance of a deal that is not available without changing its status', async () => {
    const deal = await newDeal({ status: 'active' });
    const { token } = await shared(deal.id);

    expect((await accept(token)).status).toBe(200);

    const after = await detail(deal.id);
    expect(after.deal.status).toBe('active');
    expect(after.activity.find((activity) => activity.kind === 'proposal_accepted')?.changes.map((c) => c.field)).toEqual([
      'proposalId',
      'acceptedFromIp',
    ]);
  });
});

describe('revoked and expired proposals', () => {
  it("stops a revoked link at once: the page says so, accept and questions are refused; the deal's broker or an admin revokes", async () => {
    const deal = await newDeal();
    const { token, proposal } = await shared(deal.id);

    expect((await revoke('otherBroker', deal.id, proposal.id)).status).toBe(403);
    expect((await revoke('broker', deal.id, proposal.id)).status).toBe(200);

    expect((await open(token)).body).toEqual({ status: 'revoked', message: PROPOSAL_REVOKED_MESSAGE, proposal: null });
    const accepted = await accept(token);
    expect([accepted.status, accepted.body.error.message]).toEqual([409, PROPOSAL_REVOKED_MESSAGE]);
    expect((await ask(token, 'Still there?')).status).toBe(409);
    expect((await revoke('admin', deal.id, proposal.id)).status).toBe(409);
    expect((await listed(deal.id))[0]).toMatchObject({ status: 'revoked' });
    expect((await detail(deal.id)).deal.status).toBe('available');
  });

  it('refuses an expired link with its message, and lists it as expired', async () => {
    const deal = await newDeal();
    const created = await shared(deal.id);
    // A second proposal of the deal, stored as sent two weeks and a day ago: past its date now.
    const store = proposalStore(createData().table);
    const [stored] = await store.listOfDeal(deal.id);
    const token = `EXPIRED${randomUUID().replace(/-/g, '').slice(0, 15)}`;
    const longAgo = new Date(Date.now() - 15 * 24 * 3600 * 1000);
    await store.create({
      ...stored!,
      tokenHash: hashProposalToken(token),
      id: `01EXPIRED${randomUUID().slice(0, 8)}`,
      createdAt: longAgo.toISOString(),
      validUntil: new Date(longAgo.getTime() + 14 * 24 * 3600 * 1000).toISOString(),
    });

    expect((await open(token)).body).toEqual({ status: 'expired', message: PROPOSAL_EXPIRED_MESSAGE, proposal: null });
    const accepted = await accept(token);
    expect([accepted.status, accepted.body.error.message]).toEqual([409, PROPOSAL_EXPIRED_MESSAGE]);
    expect((await listed(deal.id)).map((proposal) => proposal.status)).toEqual(['sent', 'expired']);
    expect((await open(created.token)).body.status).toBe('sent');
  });
});

describe('POST /proposals/{token}/questions', () => {
  it("e-mails the broker and puts the question on the deal's trail", async () => {
    const deal = await newDeal();
    const { token } = await shared(deal.id);
    const question = `Is the rate locked until Saturday? ${randomUUID()}`;

    const response = await ask(token, question);

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const mail = await waitForMail(principals.of.broker.email, (message) => message.body.text?.includes(question) ?? false);
    expect(mail.subject).toContain('Proposal Client has a question about the 2026 Toyota RAV4 XLE proposal');
    const entry = (await detail(deal.id)).activity.find((activity) => activity.kind === 'proposal_question');
    expect(entry?.changes.find((change) => change.field === 'question')?.after).toBe(question);
    expect(entry?.actor.name).toBe('Proposal Client');
  });

  it('refuses a blank question with its message', async () => {
    const deal = await newDeal();
    const { token } = await shared(deal.id);

    const response = await ask(token, '   ');

    expect([response.status, response.body.error.message]).toEqual([400, QUESTION_REQUIRED_MESSAGE]);
  });
});

describe('GET /consumer/deals/{id}/proposals', () => {
  it('lets the consumer of the deal read its proposals in the portal, and hides the deal from another consumer', async () => {
    const deal = await newDeal({ clientId: principals.records.consumerClient });
    const revoked = await shared(deal.id);
    expect((await revoke('broker', deal.id, revoked.proposal.id)).status).toBe(200);
    const sent = await shared(deal.id);

    const mine = await apiFetch<ConsumerProposals>(`/consumer/deals/${deal.id}/proposals`, { token: as('consumer') });

    expect(mine.status).toBe(200);
    expect(mine.body.proposals.map((proposal) => proposal.id)).toEqual([sent.proposal.id]);
    expectResponseKeys(mine.body, { proposals: [viewKeys] }, 'GET /consumer/deals/{id}/proposals');
    expect(JSON.stringify(mine.body)).not.toMatch(HIDDEN);
    const other = await apiFetch(`/consumer/deals/${deal.id}/proposals`, { token: as('otherConsumer') });
    expect(other.status).toBe(404);
  });
});

describe('POST /consumer/deals/{id}/proposals/{proposalId}/accept and /questions', () => {
  const consumerAccept = (caller: SignedInCaller, dealId: string, proposalId: string) =>
    apiFetch<AcceptProposalResponse & ApiErrorBody>(`/consumer/deals/${dealId}/proposals/${proposalId}/accept`, {
      token: as(caller),
      method: 'POST',
    });

  it("accepts the consumer's own proposal from the portal with the link's rules, once, and refuses another consumer", async () => {
    const deal = await newDeal({ clientId: principals.records.consumerClient });
    const { proposal } = await shared(deal.id);

    const other = await consumerAccept('otherConsumer', deal.id, proposal.id);
    expect(other.status).toBe(404);
    expect((await detail(deal.id)).deal.status).toBe('available');

    const first = await consumerAccept('consumer', deal.id, proposal.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'accepted', alreadyAccepted: false });
    const after = await detail(deal.id);
    expect(after.deal.status).toBe('pending');
    const entry = after.activity.find((activity) => activity.kind === 'proposal_accepted');
    expect(entry?.at).toBe(first.body.acceptedAt);
    expect(entry?.changes.slice(0, 2)).toEqual([
      { field: 'status', before: 'available', after: 'pending' },
      { field: 'proposalId', before: null, after: proposal.id },
    ]);
    expect(entry?.changes[2]).toMatchObject({ field: 'acceptedFromIp', before: null, after: expect.any(String) });

    const second = await consumerAccept('consumer', deal.id, proposal.id);
    expect(second.body).toMatchObject({ alreadyAccepted: true, message: PROPOSAL_ALREADY_ACCEPTED_MESSAGE });
    expect((await detail(deal.id)).activity.filter((activity) => activity.kind === 'proposal_accepted')).toHaveLength(1);
  });

  it('refuses a revoked proposal with its message, and a proposal of another deal as not found', async () => {
    const deal = await newDeal({ clientId: principals.records.consumerClient });
    const { proposal } = await shared(deal.id);
    expect((await revoke('broker', deal.id, proposal.id)).status).toBe(200);
    const elsewhere = await shared((await newDeal({ clientId: principals.records.consumerClient })).id);

    const revoked = await consumerAccept('consumer', deal.id, proposal.id);
    const mismatched = await consumerAccept('consumer', deal.id, elsewhere.proposal.id);

    expect([revoked.status, revoked.body.error.message]).toEqual([409, PROPOSAL_REVOKED_MESSAGE]);
    expect(mismatched.status).toBe(404);
    expect((await detail(deal.id)).deal.status).toBe('available');
  });

  it("e-mails the consumer's question to the broker and puts it on the trail", async () => {
    const deal = await newDeal({ clientId: principals.records.consumerClient });
    const { proposal } = await shared(deal.id);
    const question = `Can the portal ask too? ${randomUUID()}`;

    // From an address of its own: the route counts questions per source (10 an hour).
    const response = await apiFetchFrom<{ received: true } & ApiErrorBody>(
      ownLoopbackAddress(),
      `/consumer/deals/${deal.id}/proposals/${proposal.id}/questions`,
      { token: as('consumer'), body: { question } },
    );

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    await waitForMail(principals.of.broker.email, (message) => message.body.text?.includes(question) ?? false);
    const entry = (await detail(deal.id)).activity.find((activity) => activity.kind === 'proposal_question');
    expect(entry?.changes.find((change) => change.field === 'question')?.after).toBe(question);
  });
});

describe('DELETE /deals/{id} and its proposals', () => {
  it("revokes the deleted deal's proposals: the link then says it was withdrawn, and accepts nothing", async () => {
    const deal = await newDeal();
    const { token } = await shared(deal.id);
    const other = await shared(deal.id);

    const deleted = await apiFetch(`/deals/${deal.id}`, { token: as('admin'), method: 'DELETE' });

    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    // The deal's head item (which sent proposal is its latest) goes with the deal.
    expect(await proposalStore(createData().table).latestId(deal.id)).toBeNull();
    const stored = await proposalStore(createData().table).getByTokenHash(hashProposalToken(token));
    // The first was replaced by the second when it was sent; the second, still sent, is revoked with the deal.
    expect(stored).toMatchObject({ status: 'replaced', revokedAt: expect.any(String) });
    expect((await proposalStore(createData().table).getByTokenHash(hashProposalToken(other.token)))?.status).toBe('revoked');
    expect((await open(other.token)).body).toEqual({ status: 'revoked', message: PROPOSAL_REVOKED_MESSAGE, proposal: null });
    const accepted = await accept(other.token);
    expect([accepted.status, accepted.body.error.message]).toEqual([409, PROPOSAL_REVOKED_MESSAGE]);
  });

  it('keeps a proposal accepted before the deal was deleted as accepted; its link says the deal was removed', async () => {
    const deal = await newDeal();
    const { token } = await shared(deal.id);
    expect((await accept(token)).status).toBe(200);
    const acceptedAt = (await proposalStore(createData().table).getByTokenHash(hashProposalToken(token)))?.acceptedAt;

    const deleted = await apiFetch(`/deals/${deal.id}`, { token: as('admin'), method: 'DELETE' });

    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    // History: the client's acceptance is kept as it was.
    const stored = await proposalStore(createData().table).getByTokenHash(hashProposalToken(token));
    expect(stored).toMatchObject({ status: 'accepted', acceptedAt });
    expect(stored?.revokedAt).toBeUndefined();
    // The link tells the truth: accepted, and the deal is gone (no offer shown, nothing to accept or ask about).
    expect((await open(token)).body).toEqual({ status: 'accepted', message: PROPOSAL_DEAL_REMOVED_MESSAGE, proposal: null });
    const again = await accept(token);
    expect([again.status, again.body.error.message]).toEqual([409, PROPOSAL_DEAL_REMOVED_MESSAGE]);
    const question = await ask(token, 'Is it still mine?');
    expect([question.status, question.body.error.message]).toEqual([409, PROPOSAL_DEAL_REMOVED_MESSAGE]);
  });
});

describe('a deal moved to another client', () => {
  it("withdraws its sent proposals in the deal's write: the old link offers nothing, the new client sees none", async () => {
    const deal = await newDeal({ clientId: principals.records.otherConsumerClient });
    const { token, proposal } = await shared(deal.id);

    await edit(deal, { clientId: principals.records.consumerClient });

    const stored = await proposalStore(createData().table).getByTokenHash(hashProposalToken(token));
    expect(stored).toMatchObject({ status: 'withdrawn', revokedAt: expect.any(String) });
    expect((await open(token)).body).toEqual({ status: 'withdrawn', message: PROPOSAL_WITHDRAWN_MESSAGE, proposal: null });
    const accepted = await accept(token);
    expect([accepted.status, accepted.body.error.message]).toEqual([409, PROPOSAL_WITHDRAWN_MESSAGE]);
    const mine = await apiFetch<ConsumerProposals>(`/consumer/deals/${deal.id}/proposals`, { token: as('consumer') });
    expect(mine.body.proposals).toEqual([]);
    const portal = await apiFetch(`/consumer/deals/${deal.id}/proposals/${proposal.id}/accept`, {
      token: as('consumer'),
      method: 'POST',
    });
    expect(portal.status).toBe(404);
    expect((await detail(deal.id)).deal.status).toBe('available');
    expect((await listed(deal.id))[0]).toMatchObject({ status: 'withdrawn' });
  });

  it("reads a proposal made out to the deal's previous client as withdrawn even when the move's write did not mark it", async () => {
    // A share that committed while the move was being written: stored `sent`, naming the old client.
    const deal = await newDeal({ clientId: principals.records.otherConsumerClient });
    const { token } = await shared(deal.id);
    await edit(deal, { clientId: principals.records.consumerClient });
    const store = proposalStore(createData().table);
    const [stored] = await store.listOfDeal(deal.id);
    const late = `LATE${randomUUID().replace(/-/g, '').slice(0, 18)}`;
    await store.create({
      ...stored!,
      tokenHash: hashProposalToken(late),
      id: `${stored!.id}L`,
      status: 'sent',
      revokedAt: undefined,
    });

    expect((await open(late)).body).toMatchObject({ status: 'withdrawn', proposal: null });
    expect((await accept(late)).status).toBe(409);
    expect((await open(token)).body.status).toBe('withdrawn');
  });
});

describe("the deal's broker is told", () => {
  const bell = async (caller: SignedInCaller, dealId: string) =>
    (await apiFetch<NotificationListResponse>('/notifications?limit=50', { token: as(caller) })).body.notifications.filter(
      (notification) => notification.link === `/deals/${dealId}`,
    );
  const setEmail = (caller: SignedInCaller, email: Record<string, boolean>) =>
    apiFetch<NotificationPreferences>('/notifications/preferences', { token: as(caller), method: 'PUT', body: { email } });

  it('when the client accepts by link: the bell names the client and links the deal, and an e-mail follows', async () => {
    const deal = await newDeal();
    const { token } = await shared(deal.id);

    expect((await accept(token)).status).toBe(200);

    expect(await bell('broker', deal.id)).toEqual([
      expect.objectContaining({
        kind: 'proposal-accepted',
        title: 'Proposal Client accepted your proposal',
        link: `/deals/${deal.id}`,
      }),
    ]);
    await waitForMail(
      principals.of.broker.email,
      (message) =>
        message.subject === 'Proposal Client accepted the 2026 Toyota RAV4 XLE proposal' &&
        (message.body.text?.includes(deal.id) ?? false),
    );
    // A second accept tells nobody again.
    expect((await accept(token)).body.alreadyAccepted).toBe(true);
    expect(await bell('broker', deal.id)).toHaveLength(1);
  });

  it('when the client accepts or asks in the portal; with the e-mail switched off, in the bell only', async () => {
    const deal = await newDeal({ clientId: principals.records.otherConsumerClient, brokerId: principals.of.otherBroker.userId });
    const { proposal } = await shared(deal.id, 'otherBroker');
    const question = `Portal question ${randomUUID()}`;
    expect((await setEmail('otherBroker', { 'proposal-question': false })).status).toBe(200);
    try {
      const asked = await apiFetchFrom(ownLoopbackAddress(), `/consumer/deals/${deal.id}/proposals/${proposal.id}/questions`, {
        token: as('otherConsumer'),
        body: { question },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const accepted = await apiFetch(`/consumer/deals/${deal.id}/proposals/${proposal.id}/accept`, {
        token: as('otherConsumer'),
        method: 'POST',
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

      const kinds = (await bell('otherBroker', deal.id)).map((notification) => notification.kind).sort();
      expect(kinds).toEqual(['proposal-accepted', 'proposal-question']);
      await waitForMail(principals.of.otherBroker.email, (message) => message.body.text?.includes(deal.id) ?? false);
      expect((await readMailbox()).some((message) => message.body.text?.includes(question))).toBe(false);
    } finally {
      await setEmail('otherBroker', { 'proposal-question': true });
    }
  });
});

describe('portal questions are rate-limited', () => {
  it("like the link's question route: 10 an hour per address, then 429 and no e-mail", async () => {
    const deal = await newDeal({ clientId: principals.records.consumerClient });
    const { proposal } = await shared(deal.id);
    const from = ownLoopbackAddress();
    const statuses: number[] = [];
    for (let count = 0; count < 12; count++) {
      const response = await apiFetchFrom(from, `/consumer/deals/${deal.id}/proposals/${proposal.id}/questions`, {
        token: as('consumer'),
        body: { question: `Question ${count}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
