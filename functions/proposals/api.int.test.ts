/**
 * Proposals through the local API (docs/decisions.md, "Proposals"): the deal's broker or an admin shares a snapshot of
 * the deal's offer (another broker is refused); the public link shows it without an account, never with the broker's
 * fees, commission or lead source; accepting records the time and address on the deal's trail and moves an available
 * deal to pending, once; a question is e-mailed to the broker and put on the trail; revoked and expired links are
 * refused with their message; the consumer of the deal reads it in the portal, another consumer does not.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@functions/lib/data';
import { DEAL_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import type { DealDetail, DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import {
  PROPOSAL_ALREADY_ACCEPTED_MESSAGE,
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
import { apiFetch, apiFetchFrom, ownLoopbackAddress, waitForMail } from '@test/support/stack';
import { proposalStore } from './data/proposals';
import { hashProposalToken } from './proposals';

let principals: Principals;
let clientId: string;
beforeAll(async () => {
  principals = await loadPrincipals();
  const { client } = await createData().clients.create(
    { fullName: 'Proposal Client', email: `proposal-${randomUUID()}@example.com`, profileId: 'test' },
    new Date(),
  );
  clientId = client.id;
});

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
};
const viewKeys: KeySpec = { id: true, status: true, expiresAt: true, acceptedAt: true, createdAt: true, snapshot: snapshotKeys };
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
    const sent = await shared(deal.id);
    const revoked = await shared(deal.id);
    expect((await revoke('broker', deal.id, revoked.proposal.id)).status).toBe(200);

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

    const response = await apiFetch<{ received: true } & ApiErrorBody>(
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
    const stored = await proposalStore(createData().table).getByTokenHash(hashProposalToken(token));
    expect(stored).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await proposalStore(createData().table).getByTokenHash(hashProposalToken(other.token)))?.status).toBe('revoked');
    expect((await open(token)).body).toEqual({ status: 'revoked', message: PROPOSAL_REVOKED_MESSAGE, proposal: null });
    const accepted = await accept(token);
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
