/**
 * A proposal's options through the local API (docs/decisions.md, "Proposal options"): the broker shares up to three
 * offers, each stored with the total cost the server derives; a fourth, or a bad one, is refused naming the field, and
 * nothing is written; the client accepts one by its index (required, and one the proposal has), stored with the
 * acceptance; a second accept changes nothing, the first option stands; the trail and the broker's bell name the option.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { DealDetail, DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import type { NotificationListResponse } from '@shared/notifications/api';
import {
  PROPOSAL_OPTION_REQUIRED_MESSAGE,
  PROPOSAL_OPTION_UNKNOWN_MESSAGE,
  PROPOSAL_OPTIONS_TOO_MANY_MESSAGE,
  type AcceptProposalResponse,
  type ConsumerProposals,
  type CreateProposalResponse,
  type DealProposals,
  type ProposalSnapshot,
  type PublicProposal,
} from '@shared/proposals/api';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys, type KeySpec } from '@test/support/response-keys';
import { apiFetch, apiFetchFrom, ownLoopbackAddress, waitForMail } from '@test/support/stack';
import { proposalStore } from './data/proposals';
import { hashProposalToken } from './proposal-views';
import { OPTIONS } from '@test/support/proposal-options';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);

/** Three offers as the desk's comparison sends them: a program, a dealer's quote with deposits, a one-pay. */
/** What the server derives: 35 x 411.27 + 2,911.27; 38 x 389.99 + 3,989.99 - 700; the one payment. */
const TOTALS = [17_305.72, 18_109.61, 9_875.5];

async function newDeal(clientId: string): Promise<DealView> {
  const response = await apiFetch<DealView>('/deals', {
    token: as('admin'),
    body: {
      year: 2026,
      make: 'Volvo',
      model: 'XC60',
      monthlyPayment: 549.37,
      downPayment: 0,
      termMonths: 36,
      mileageAllowance: 10_000,
      apr: 3,
      clientId,
      dealershipId: principals.records.dealership,
      brokerId: principals.of.broker.userId,
      brokerFeeDealer: 400,
      brokerFeeClient: 600,
      heardAboutUs: 'Referral',
      heardAboutUsReferral: 'Secret Referrer',
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A new client of the book with an e-mail on file (`email`: where the proposal goes). */
async function ownClient(email = `options-${randomUUID()}@example.com`): Promise<string> {
  const { client } = await createData().clients.create({ fullName: 'Options Client', email, profileId: 'test' }, new Date());
  return client.id;
}

const share = (dealId: string, body?: object) =>
  apiFetch<CreateProposalResponse & ApiErrorBody>(`/deals/${dealId}/proposals`, {
    token: as('broker'),
    method: 'POST',
    ...(body ? { body } : {}),
  });
const accept = (token: string, body?: object) =>
  apiFetchFrom<AcceptProposalResponse & ApiErrorBody>(ownLoopbackAddress(), `/proposals/${token}/accept`, {
    method: 'POST',
    ...(body ? { body } : {}),
  });
const open = async (token: string) => (await apiFetch<PublicProposal>(`/proposals/${token}`)).body;
const listed = async (dealId: string) =>
  (await apiFetch<DealProposals>(`/deals/${dealId}/proposals`, { token: as('broker') })).body.proposals;
const stored = (token: string) => proposalStore(createData().table).getByTokenHash(hashProposalToken(token));

async function sharedWithOptions(dealId: string): Promise<CreateProposalResponse> {
  const response = await share(dealId, { options: OPTIONS });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const optionKeys: KeySpec = {
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
};
/** The client's view of a proposal with options: the snapshot's keys (api.int.test.ts checks them) and the options. */
const clientViewKeys: KeySpec = {
  id: true,
  status: true,
  expiresAt: true,
  acceptedAt: true,
  acceptedOption: true,
  createdAt: true,
  snapshot: {
    vehicle: { year: true, make: true, model: true, trim: true, imageUrl: true },
    dealType: true,
    monthlyPayment: true,
    downPayment: true,
    termMonths: true,
    mileageAllowance: true,
    moneyFactor: true,
    apr: true,
    totalDueAtSigning: true,
    driveOff: true,
    conciergeFee: true,
    incentives: [true],
    brokerName: true,
    dealershipName: true,
    clientName: true,
    options: [optionKeys],
  },
};
/** The deal page's summary of a proposal (staff): its options too, still no fee or commission. */
const summaryKeys: KeySpec = {
  id: true,
  status: true,
  createdAt: true,
  createdBy: true,
  expiresAt: true,
  acceptedAt: true,
  revokedAt: true,
  monthlyPayment: true,
  termMonths: true,
  options: [optionKeys],
  acceptedOption: true,
};
const HIDDEN = /brokerFee|[cC]ommission|heardAboutUs|Secret Referrer/;

describe('POST /deals/{id}/proposals with options', () => {
  it('stores three options, each with the total cost the server derives; the link and the deal page show them', async () => {
    const email = `options-${randomUUID()}@example.com`;
    const deal = await newDeal(await ownClient(email));
    // A total sent with the request is not taken: the server derives its own.
    const created = await sharedWithOptions(deal.id);
    const withForgedTotal = await share((await newDeal(await ownClient())).id, {
      options: [{ ...OPTIONS[0], totalCost: 1 }],
    });

    const snapshot = (await stored(created.token))?.snapshot as ProposalSnapshot;
    expect(snapshot.options.map((option) => option.totalCost)).toEqual(TOTALS);
    const page = await open(created.token);
    expect(page.proposal?.snapshot.options).toEqual(
      OPTIONS.map((option, index) =>
        expect.objectContaining({ label: option.label, termMonths: option.termMonths, totalCost: TOTALS[index] }),
      ),
    );
    expect(page.proposal?.snapshot.options[1]).toMatchObject({ refundableDeposits: 700, securityDepositCount: 1 });
    expect(page.proposal?.snapshot.options[2]).toMatchObject({ onePay: true, monthlyPayment: 0 });
    expectResponseKeys(page.proposal, clientViewKeys, 'GET /proposals/{token} with options');
    expect(JSON.stringify(page)).not.toMatch(HIDDEN);
    expect(page.proposal?.acceptedOption).toBeNull();
    const staff = await apiFetch<DealProposals>(`/deals/${deal.id}/proposals`, { token: as('admin') });
    expectResponseKeys(staff.body, { proposals: [summaryKeys] }, 'GET /deals/{id}/proposals with options');
    expect(staff.body.proposals[0]).toMatchObject({ options: page.proposal?.snapshot.options, acceptedOption: null });
    // The client's e-mail says there is a choice to make, not one payment.
    const mail = await waitForMail(email, (message) => message.body.text?.includes(created.url) ?? false);
    expect(mail.body.text).toContain('3 options to choose from');
    expect(withForgedTotal.body.proposal.options[0]?.totalCost).toBe(TOTALS[0]);
  });

  it('refuses a fourth option with its message, and writes nothing', async () => {
    const deal = await newDeal(await ownClient());

    const response = await share(deal.id, { options: [...OPTIONS, OPTIONS[0]] });

    expect([response.status, response.body.error.message]).toEqual([400, PROPOSAL_OPTIONS_TOO_MANY_MESSAGE]);
    expect(response.body.error.fields).toMatchObject({ options: PROPOSAL_OPTIONS_TOO_MANY_MESSAGE });
    expect(await listed(deal.id)).toEqual([]);
  });

  it('refuses a bad option naming its field, and writes nothing', async () => {
    const deal = await newDeal(await ownClient());

    const response = await share(deal.id, { options: [OPTIONS[0], { ...OPTIONS[1], monthlyPayment: -5 }] });

    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ 'options.1.monthlyPayment': 'Monthly payment cannot be negative' });
    expect(await listed(deal.id)).toEqual([]);
  });
});

describe('POST /proposals/{token}/accept of a proposal with options', () => {
  it('requires the option, and refuses one the proposal does not have; the proposal stays sent', async () => {
    const { token } = await sharedWithOptions((await newDeal(await ownClient())).id);

    const none = await accept(token);
    const outside = await accept(token, { option: 3 });

    expect([none.status, none.body.error.message, none.body.error.fields]).toEqual([
      400,
      PROPOSAL_OPTION_REQUIRED_MESSAGE,
      { option: PROPOSAL_OPTION_REQUIRED_MESSAGE },
    ]);
    expect([outside.status, outside.body.error.message]).toEqual([400, PROPOSAL_OPTION_UNKNOWN_MESSAGE]);
    expect((await open(token)).status).toBe('sent');
  });

  it("stores the chosen option with the acceptance; the trail and the broker's bell name it; a second accept keeps it", async () => {
    const deal = await newDeal(await ownClient());
    const { token, proposal } = await sharedWithOptions(deal.id);

    const first = await accept(token, { option: 1 });

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ alreadyAccepted: false, acceptedOption: 1 });
    expect(await stored(token)).toMatchObject({ status: 'accepted', acceptedOption: 1 });
    expect((await open(token)).proposal).toMatchObject({ status: 'accepted', acceptedOption: 1 });
    expect((await listed(deal.id))[0]).toMatchObject({ id: proposal.id, status: 'accepted', acceptedOption: 1 });
    const { activity } = (await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: as('admin') })).body;
    const entry = activity.find((candidate) => candidate.kind === 'proposal_accepted');
    expect(entry?.changes.find((change) => change.field === 'acceptedOption')?.after).toBe(
      'Option 2: Dealer quote: Sample Motors',
    );
    const bell = (await apiFetch<NotificationListResponse>('/notifications?limit=50', { token: as('broker') })).body
      .notifications;
    expect(bell.find((notification) => notification.link === `/deals/${deal.id}`)?.title).toBe(
      'Options Client accepted your proposal (Option 2: Dealer quote: Sample Motors)',
    );
    await waitForMail(
      principals.of.broker.email,
      (message) =>
        (message.body.text?.includes(deal.id) ?? false) &&
        (message.body.text?.includes('(Option 2: Dealer quote: Sample Motors)') ?? false),
    );

    // Naming another option afterwards changes nothing: the first choice stands and the answer says which.
    const again = await accept(token, { option: 0 });
    expect([again.status, again.body.alreadyAccepted, again.body.acceptedOption]).toEqual([200, true, 1]);
    expect(await stored(token)).toMatchObject({ acceptedOption: 1, acceptedAt: first.body.acceptedAt });
    const trail = (await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: as('admin') })).body.activity;
    expect(trail.filter((candidate) => candidate.kind === 'proposal_accepted')).toHaveLength(1);
  });

  it('refuses an option on a proposal that has none', async () => {
    const deal = await newDeal(await ownClient());
    const created = await share(deal.id);
    expect(created.status).toBe(201);
    expect(created.body.proposal.options).toEqual([]);

    const response = await accept(created.body.token, { option: 0 });

    expect([response.status, response.body.error.message]).toEqual([400, PROPOSAL_OPTION_UNKNOWN_MESSAGE]);
    expect((await accept(created.body.token)).body).toMatchObject({ alreadyAccepted: false, acceptedOption: null });
  });
});

describe('the consumer portal', () => {
  it('shows the options, accepts one of them, and shows which; never a fee or commission', async () => {
    const deal = await newDeal(principals.records.consumerClient);
    const { proposal } = await sharedWithOptions(deal.id);
    const read = async () =>
      (await apiFetch<ConsumerProposals>(`/consumer/deals/${deal.id}/proposals`, { token: as('consumer') })).body;
    const acceptAs = (body?: object) =>
      apiFetch<AcceptProposalResponse & ApiErrorBody>(`/consumer/deals/${deal.id}/proposals/${proposal.id}/accept`, {
        token: as('consumer'),
        method: 'POST',
        ...(body ? { body } : {}),
      });

    const before = await read();
    expectResponseKeys(before, { proposals: [clientViewKeys] }, 'GET /consumer/deals/{id}/proposals with options');
    expect(JSON.stringify(before)).not.toMatch(HIDDEN);
    expect(before.proposals[0]?.snapshot.options).toHaveLength(3);

    expect((await acceptAs()).body.error.message).toBe(PROPOSAL_OPTION_REQUIRED_MESSAGE);
    const accepted = await acceptAs({ option: 2 });

    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await read()).proposals[0]).toMatchObject({ status: 'accepted', acceptedOption: 2 });
  });
});
