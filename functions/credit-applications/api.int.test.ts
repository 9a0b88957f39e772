/**
 * Credit applications through the local API (docs/decisions.md, "Credit applications"): every state of a link as the
 * applicant's page reads it, regeneration revoking the old link at once (the deal's broker or an admin only:
 * docs/security.md, "Ownership"), and the e-signature webhook: a signed delivery completes a valid link exactly once;
 * a bad signature, a stale timestamp or a replay changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { LOCAL_E_SIGNATURE_WEBHOOK_SECRET } from '@infra/local/pages/local-environment';
import {
  E_SIGNATURE_COMPLETED_EVENT,
  SIGNATURE_INVALID_MESSAGE,
  SIGNATURE_STALE_MESSAGE,
  type CreditApplicationForm,
  type CreditApplicationState,
} from '@shared/credit-applications/api';
import { CREDIT_APPLICATION_CLOSED_MESSAGE, type CreditApplicationLink, type DealDetail, type DealView } from '@shared/deals/api';
import { DEAL_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys, type KeySpec } from '@test/support/response-keys';
import { apiFetch, getStack } from '@test/support/stack';
import { signESignatureBody } from './signature';

let principals: Principals;
let clientId: string;
beforeAll(async () => {
  principals = await loadPrincipals();
  const { client } = await createData().clients.create(
    { fullName: 'Applicant Client', email: `applicant-${randomUUID()}@example.com`, profileId: 'test' },
    new Date(),
  );
  clientId = client.id;
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);

async function newDeal(changes: object = {}): Promise<DealView> {
  const response = await apiFetch<DealView>('/deals', {
    token: as('admin'),
    body: {
      year: 2026,
      make: 'BMW',
      model: 'X5',
      monthlyPayment: 899,
      downPayment: 2999,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 2.9,
      clientId,
      dealershipId: principals.records.dealership,
      // The demo broker's deal: the broker the regenerate rule lets in besides admins.
      brokerId: principals.of.broker.userId,
      creditAppFormType: 'bmwfs',
      ...changes,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function linkOf(dealId: string): Promise<CreditApplicationLink> {
  const response = await apiFetch<CreditApplicationLink>(`/deals/${dealId}/credit-application-link`, {
    token: as('broker'),
    method: 'POST',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const stateOf = (token: string) => apiFetch<CreditApplicationState>(`/credit-applications/${token}`);
const regenerate = (caller: SignedInCaller, dealId: string) =>
  apiFetch<CreditApplicationLink & ApiErrorBody>(`/deals/${dealId}/credit-application-link/regenerate`, {
    token: as(caller),
    method: 'POST',
  });

/** Posts the provider's webhook with exactly these bytes. */
async function deliver(rawBody: string, signature: string | undefined) {
  const response = await fetch(`${getStack().urls.api}/webhooks/e-signature`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) },
    body: rawBody,
  });
  return { status: response.status, body: (await response.json()) as ApiErrorBody & { received?: true } };
}

function completion(token: string, timestamp = Math.floor(Date.now() / 1000)) {
  return JSON.stringify({ id: `evt_${randomUUID()}`, type: E_SIGNATURE_COMPLETED_EVENT, timestamp, token });
}

const signed = (body: string) => signESignatureBody(body, LOCAL_E_SIGNATURE_WEBHOOK_SECRET);

const stateKeys: KeySpec = { status: true, formType: true, formUrl: true, vehicle: { year: true, make: true, model: true } };

describe('GET /credit-applications/{token}', () => {
  it("answers a valid link with the deal's form (carrying the token) and the vehicle, nothing private", async () => {
    const deal = await newDeal();
    const { token } = await linkOf(deal.id);

    const response = await stateOf(token);

    expect(response.status).toBe(200);
    expectResponseKeys(response.body, stateKeys, 'GET /credit-applications/{token} (valid)');
    expect(response.body).toMatchObject({
      status: 'valid',
      formType: 'bmwfs',
      vehicle: { year: 2026, make: 'BMW', model: 'X5' },
    });
    const form = new URL(response.body.formUrl!);
    expect([form.searchParams.get('type'), form.searchParams.get('token')]).toEqual(['bmwfs', token]);
  });

  it('answers an expired link as expired, without the form', async () => {
    const deal = await newDeal();
    const token = Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url');
    await createData().creditApplications.create({
      token,
      id: `01EXPIRED${randomUUID().slice(0, 8)}`,
      dealId: deal.id,
      status: 'valid',
      validUntil: new Date(Date.now() - 1000).toISOString(),
      createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString(),
    });

    expect((await stateOf(token)).body).toEqual({ status: 'expired', formType: null, formUrl: null, vehicle: null });
  });

  it('answers an unknown, a malformed and a deleted deal’s token as invalid', async () => {
    const deal = await newDeal();
    const { token } = await linkOf(deal.id);
    await apiFetch(`/deals/${deal.id}`, { token: as('admin'), method: 'DELETE' });
    const invalid = { status: 'invalid', formType: null, formUrl: null, vehicle: null };

    expect((await stateOf('AAAAAAAAAAAAAAAAAAAAAA')).body).toEqual(invalid);
    expect((await stateOf('not-a-token')).body).toEqual(invalid);
    expect((await stateOf(token)).body).toEqual(invalid);
  });
});

describe('POST /deals/{id}/credit-application-link/regenerate', () => {
  it('answers a new valid link and revokes the old one at once (invalid), on the deal card too', async () => {
    const deal = await newDeal();
    const old = await linkOf(deal.id);

    const response = await regenerate('broker', deal.id);

    expect(response.status).toBe(200);
    expect(response.body.token).not.toBe(old.token);
    expect(response.body.status).toBe('valid');
    expect((await stateOf(old.token)).body.status).toBe('invalid');
    expect((await stateOf(response.body.token)).body.status).toBe('valid');
    const detail = await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: as('admin') });
    expect(detail.body.creditApplication?.token).toBe(response.body.token);
    // The copy button now hands out the new link, not the revoked one.
    expect((await linkOf(deal.id)).token).toBe(response.body.token);
  });

  it('leaves exactly one valid link when two regenerations race', async () => {
    const deal = await newDeal();
    const old = await linkOf(deal.id);

    const results = await Promise.all([regenerate('admin', deal.id), regenerate('broker', deal.id)]);

    const winners = results.filter((result) => result.status === 200);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    for (const loser of results.filter((result) => result.status !== 200)) expect(loser.status).toBe(409);
    const states = await Promise.all([old.token, ...winners.map((w) => w.body.token)].map((t) => stateOf(t)));
    expect(states.map((state) => state.body.status).filter((status) => status === 'valid')).toHaveLength(1);
  });

  it('is refused once the deal is finalized', async () => {
    const deal = await newDeal();
    await linkOf(deal.id);

    await apiFetch(`/deals/${deal.id}`, {
      token: as('admin'),
      method: 'PATCH',
      body: { ...deal, status: 'finalized', conciergeFee: 0 },
    });
    const refused = await regenerate('admin', deal.id);

    expect([refused.status, refused.body.error.message]).toEqual([409, CREDIT_APPLICATION_CLOSED_MESSAGE]);
  });

  it("is the deal's broker's or an admin's: another broker and the deal's dealer get 403, the link stays valid", async () => {
    const deal = await newDeal();
    const link = await linkOf(deal.id);

    const other = await regenerate('otherBroker', deal.id);
    const dealer = await regenerate('dealer', deal.id);

    expect([other.status, other.body.error.message]).toEqual([403, DEAL_NOT_YOURS_MESSAGE]);
    // Dealers copy the link of their dealership's deals but never replace it: refused by the route table (403).
    expect(dealer.status).toBe(403);
    expect((await stateOf(link.token)).body.status).toBe('valid');
    expect((await regenerate('admin', deal.id)).status).toBe(200);
  });

  it("tells the deal card who may regenerate: the deal's broker and admins, not other brokers or dealers", async () => {
    const deal = await newDeal();
    const may = async (caller: SignedInCaller) =>
      (await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: as(caller) })).body.canRegenerateCreditApplication;

    expect(await may('broker')).toBe(true);
    expect(await may('admin')).toBe(true);
    expect(await may('otherBroker')).toBe(false);
    expect(await may('unlicensedBroker')).toBe(false);
    expect(await may('dealer')).toBe(false);
  });
});

describe('POST /webhooks/e-signature', () => {
  it('completes a valid link once; the replay is acknowledged and changes nothing', async () => {
    const deal = await newDeal();
    const { token } = await linkOf(deal.id);
    const body = completion(token);

    const first = await deliver(body, signed(body));
    const completedAt = (await createData().creditApplications.get(token))?.completedAt;
    const replay = await deliver(body, signed(body));

    expect([first.status, first.body]).toEqual([200, { received: true }]);
    expect([replay.status, replay.body]).toEqual([200, { received: true }]);
    expect((await stateOf(token)).body.status).toBe('completed');
    expect((await createData().creditApplications.get(token))?.completedAt).toBe(completedAt);
    const detail = await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: as('broker') });
    expect(detail.body.creditApplication?.status).toBe('completed');
  });

  it('refuses a bad or missing signature and a body changed after signing (400): the link stays valid', async () => {
    const deal = await newDeal();
    const { token } = await linkOf(deal.id);
    const body = completion(token);

    const wrongSecret = await deliver(body, signESignatureBody(body, 'not-the-secret'));
    const missing = await deliver(body, undefined);
    const tampered = await deliver(body.replace('"timestamp"', '"timestamp" '), signed(body));

    for (const refused of [wrongSecret, missing, tampered]) {
      expect([refused.status, refused.body.error?.message]).toEqual([400, SIGNATURE_INVALID_MESSAGE]);
    }
    expect((await stateOf(token)).body.status).toBe('valid');
  });

  it('refuses a correctly signed delivery older than 5 minutes (a captured body replayed later)', async () => {
    const deal = await newDeal();
    const { token } = await linkOf(deal.id);
    const body = completion(token, Math.floor(Date.now() / 1000) - 301);

    const stale = await deliver(body, signed(body));

    expect([stale.status, stale.body.error?.message]).toEqual([400, SIGNATURE_STALE_MESSAGE]);
    expect((await stateOf(token)).body.status).toBe('valid');
  });

  it('does not complete a revoked link', async () => {
    const deal = await newDeal();
    const old = await linkOf(deal.id);
    await regenerate('broker', deal.id);
    const body = completion(old.token);

    expect((await deliver(body, signed(body))).status).toBe(200);
    expect((await stateOf(old.token)).body.status).toBe('invalid');
  });
});

describe('GET /credit-applications/forms/{type}', () => {
  it("answers the type's configured form with the deal, for the embed page", async () => {
    const response = await apiFetch<CreditApplicationForm>('/credit-applications/forms/mbfs?dealId=01DEAL');

    expect(response.status).toBe(200);
    expectResponseKeys(response.body, { formType: true, formUrl: true }, 'GET /credit-applications/forms/{type}');
    const form = new URL(response.body.formUrl);
    expect([response.body.formType, form.searchParams.get('type'), form.searchParams.get('dealId')]).toEqual([
      'mbfs',
      'mbfs',
      '01DEAL',
    ]);
    expect((await apiFetch('/credit-applications/forms/other')).status).toBe(400);
  });
});
