/**
 * What a consumer reads through the local API: the portal and their own deal's reduced
 * view, asserted by their JSON keys (no lead source, broker fees, credit application, activity or edit rights), the
 * portal's payment and referral offers, and another consumer's or anyone else's deal as a 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { ConsumerDealDetail, ConsumerPortal } from '@shared/consumers/api';
import type { PresignedUploadResponse } from '@shared/brokers/api';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys, type KeySpec } from '@test/support/response-keys';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);

const dealershipKeys: KeySpec = { name: true, location: true, contactName: true, contactPhone: true, contactEmail: true };
const portalKeys: KeySpec = {
  deals: [
    {
      id: true,
      label: true,
      year: true,
      make: true,
      model: true,
      trim: true,
      imageUrl: true,
      status: true,
      dealType: true,
      monthlyPayment: true,
      downPayment: true,
      termMonths: true,
      mileageAllowance: true,
      apr: true,
      dealership: dealershipKeys,
      conciergeFee: true,
      conciergeFeePaid: true,
      paymentOffered: true,
      referralOffered: true,
      createdAt: true,
    },
  ],
  broker: { fullName: true, email: true, phone: true, profilePhotoUrl: true },
};
const consumerDealKeys: KeySpec = {
  view: true,
  deal: {
    id: true,
    year: true,
    make: true,
    model: true,
    trim: true,
    vin: true,
    imageUrl: true,
    dealType: true,
    status: true,
    monthlyPayment: true,
    downPayment: true,
    termMonths: true,
    mileageAllowance: true,
    moneyFactor: true,
    apr: true,
    incentives: [true],
    hasTradeIn: true,
    tradeInYear: true,
    tradeInMake: true,
    tradeInModel: true,
    tradeInMileage: true,
    tradeInCondition: true,
    notes: true,
    conciergeFee: true,
    conciergeFeePaid: true,
    createdAt: true,
  },
  client: { fullName: true, email: true, phone: true, creditScoreRange: true },
  dealership: dealershipKeys,
  paymentOffered: true,
  referralOffered: true,
};

describe('GET /consumer/portal', () => {
  it.each(['consumer', 'otherConsumer'] as const)('answers %s consumer-visible keys only', async (caller) => {
    const response = await apiFetch<ConsumerPortal>('/consumer/portal', { token: as(caller) });

    expect(response.status).toBe(200);
    expectResponseKeys(response.body, portalKeys, `GET /consumer/portal as ${caller}`);
  });

  it("lists the demo consumer's own deals as deal-1, deal-2 ... with payment offered on the unpaid finalized one and referral on the closed one", async () => {
    const { body } = await apiFetch<ConsumerPortal>('/consumer/portal', { token: as('consumer') });
    const own = await createData().deals.listByClient(principals.records.consumerClient);

    expect(body.deals.map((deal) => deal.id).sort()).toEqual(own.map((deal) => deal.id).sort());
    expect(body.deals.map((deal) => deal.label)).toEqual(body.deals.map((_, index) => `deal-${index + 1}`));
    const finalized = body.deals.find((deal) => deal.status === 'finalized');
    expect(finalized).toMatchObject({ conciergeFeePaid: false, paymentOffered: true, referralOffered: false });
    expect(finalized!.conciergeFee).toBeGreaterThan(0);
    expect(body.deals.find((deal) => deal.id === principals.records.consumerDeal)).toMatchObject({
      status: 'closed',
      paymentOffered: false,
      referralOffered: true,
    });
    expect(body.deals.every((deal) => deal.dealership !== null)).toBe(true);
    expect(body.broker?.fullName).toBeTruthy();
  });

  it("shows My Broker's photo as a URL the browser loads, not the photo's storage key", async () => {
    // otherConsumer is a client of otherBroker, who uploads a photo the way the profile page does.
    const token = as('otherBroker');
    const png = new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' });
    const presigned = await apiFetch<PresignedUploadResponse>('/profile/photo-upload', {
      token,
      body: { fileName: 'me.png', contentType: 'image/png', size: png.size },
    });
    expect(presigned.status).toBe(200);
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.body.fields)) form.append(name, value);
    form.append('file', png);
    expect((await fetch(presigned.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    expect((await apiFetch('/profile/photo', { token, body: { fileName: 'me.png' } })).status).toBe(200);

    const { body } = await apiFetch<ConsumerPortal>('/consumer/portal', { token: as('otherConsumer') });

    const url = body.broker?.profilePhotoUrl;
    expect(url).toMatch(/^https?:\/\//);
    const photo = await fetch(url!);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it("shows otherConsumer none of the demo consumer's deals", async () => {
    const { body } = await apiFetch<ConsumerPortal>('/consumer/portal', { token: as('otherConsumer') });

    expect(body.deals.map((deal) => deal.id)).not.toContain(principals.records.consumerDeal);
  });
});

describe('GET /deals/{id} as a consumer', () => {
  it('answers their own deal in the reduced view: consumer-visible keys only', async () => {
    const response = await apiFetch<ConsumerDealDetail>(`/deals/${principals.records.consumerDeal}`, { token: as('consumer') });

    expect(response.status).toBe(200);
    expectResponseKeys(response.body, consumerDealKeys, 'GET /deals/{id} as consumer');
    expect(response.body).toMatchObject({
      view: 'consumer',
      referralOffered: true,
      deal: { id: principals.records.consumerDeal },
    });
  });

  it.each([
    ["another consumer's deal", 'otherConsumer' as const, () => principals.records.consumerDeal],
    ['a deal that is no client deal of theirs', 'consumer' as const, () => principals.records.dealerVehicle],
    ['an unknown id', 'consumer' as const, () => '01NOSUCHDEAL'],
  ])('is a 404 for %s, like an unknown id', async (_name, caller, id) => {
    const response = await apiFetch(`/deals/${id()}`, { token: as(caller) });

    expect(response.status).toBe(404);
    expectResponseKeys(response.body, { error: { code: true, message: true } });
    expect((response.body as ApiErrorBody).error.message).toBe('Deal not found');
  });

  it('still answers staff the full detail of the same deal', async () => {
    const response = await apiFetch<Record<string, unknown>>(`/deals/${principals.records.consumerDeal}`, { token: as('admin') });

    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('view');
    expect(response.body).toHaveProperty('activity');
    expect(response.body.deal).toHaveProperty('brokerFeeTotal');
  });
});

describe('desking on a consumer deal', () => {
  const desking = {
    msrp: 40000,
    sellingPrice: 38000,
    residualPercent: 58,
    moneyFactor: 0.00185,
    termMonths: 36,
    cashDown: 1000,
    taxRatePercent: 7,
  };

  it('is saved and answered to staff, never to the consumer; a refused input is a 400 naming the field', async () => {
    const id = principals.records.consumerDeal;
    const staff = await apiFetch<{ deal: Record<string, unknown> & { revision: number } }>(`/deals/${id}`, {
      token: as('admin'),
    });
    expect(staff.status).toBe(200);

    const refused = await apiFetch<ApiErrorBody>(`/deals/${id}`, {
      token: as('admin'),
      method: 'PATCH',
      body: { ...staff.body.deal, desking: { ...desking, residualPercent: 0 } },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('desking.residualPercent');

    const saved = await apiFetch<Record<string, unknown>>(`/deals/${id}`, {
      token: as('admin'),
      method: 'PATCH',
      body: { ...staff.body.deal, desking },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const reread = await apiFetch<{ deal: Record<string, unknown> }>(`/deals/${id}`, { token: as('admin') });
    expect(reread.body.deal.desking).toMatchObject(desking);

    const consumer = await apiFetch<ConsumerDealDetail>(`/deals/${id}`, { token: as('consumer') });
    expect(consumer.status).toBe(200);
    expect(consumer.body.deal).not.toHaveProperty('desking');
    expect(JSON.stringify(consumer.body)).not.toContain('desking');
    const portal = await apiFetch<ConsumerPortal>('/consumer/portal', { token: as('consumer') });
    expect(JSON.stringify(portal.body)).not.toContain('desking');
  });
});
