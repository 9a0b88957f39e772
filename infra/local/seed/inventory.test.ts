/**
 * The demo inventory a broker believes, checked on the records the seed is about to write (./inventory.ts plans
 * them; the seed writes exactly these): stock numbers, VINs with their check digit, photos, each make at a
 * dealership selling it, payments equal to the lease math of their stored inputs, plausible prices and terms.
 */
import { describe, expect, it } from 'vitest';
import { calculateLease, type LeaseInput } from '@shared/lease/calculate';
import { LEAD_SOURCES } from '@shared/deals/enums';
import { stockNumberField } from '@shared/marketplace/schemas';
import { claimedDealImageKey } from '@shared/uploads/keys';
import { vinCheckDigit, vinCheckIssue } from '@shared/vehicles/vin';
import { DEALERSHIPS, loanPayment, MODELS } from './catalog';
import { planClientDeals, planListings, type InventoryInput } from './inventory';
import { PHOTO_HEIGHT, PHOTO_WIDTH, renderVehiclePhoto } from './photos';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const PHOTO_BASE_URL = 'http://localhost:5173/deal-images';

function inventoryInput(): InventoryInput {
  let counter = 0;
  return {
    now: NOW,
    nextId: () => `01KDEMO${String(counter++).padStart(19, '0')}`,
    adminId: 'admin-id',
    brokerId: 'broker-id',
    dealershipIds: DEALERSHIPS.map((_, index) => `dealership-${index}`),
    clients: Array.from({ length: 9 }, (_, index) => ({ id: `client-${index}`, fullName: `Client ${index}` })),
    photoBaseUrl: PHOTO_BASE_URL,
  };
}

const listings = planListings(inventoryInput());
const clientDeals = planClientDeals(inventoryInput());
const dealershipOf = (id: string | undefined) => DEALERSHIPS[Number(id?.replace('dealership-', '') ?? NaN)];
const daysBefore = (date: Date | string) => (NOW.getTime() - new Date(date).getTime()) / 86_400_000;

describe('the demo marketplace', () => {
  it('gives every listing a valid, unique stock number', () => {
    const stockNumbers = listings.map(({ fields }) => fields.stockNumber);

    for (const stockNumber of stockNumbers) expect(stockNumberField.safeParse(stockNumber).success, stockNumber).toBe(true);
    expect(new Set(stockNumbers).size).toBe(listings.length);
    // Tests of the marketplace name this one.
    expect(stockNumbers).toContain('LD-1001');
  });

  it('gives every listing and client deal a unique 17-character VIN whose 9th character is its check digit', () => {
    const vins = [...listings, ...clientDeals].map(({ fields }) => fields.vin!);

    for (const vin of vins) {
      expect(vin, vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vin[8], vin).toBe(vinCheckDigit(vin));
      expect(vinCheckIssue(vin), vin).toBeNull();
    }
    expect(new Set(vins).size).toBe(vins.length);
  });

  it('gives every listing a photo in the deal-images bucket under the key a real upload is stored at', () => {
    for (const { fields, photo } of listings) {
      expect(fields.imageUrl, fields.stockNumber).toBe(`${PHOTO_BASE_URL}/${photo.key}`);
      expect(claimedDealImageKey(`pending/${photo.key}`), photo.key).toBe(photo.key);
      expect(photo.colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('lists each make only at a dealership selling it, or with no dealership for makes no demo dealership sells', () => {
    for (const { fields } of [...listings, ...clientDeals]) {
      const sellers = DEALERSHIPS.filter((dealership) => dealership.makes.includes(fields.make));
      if (fields.dealershipId) expect(dealershipOf(fields.dealershipId)?.makes, fields.id).toContain(fields.make);
      else expect(sellers, fields.make).toEqual([]);
    }
    // Every demo dealership has listings of its own make, and the demo dealer's (the first) more than one.
    for (const [index] of DEALERSHIPS.entries()) {
      expect(listings.some(({ fields }) => fields.dealershipId === `dealership-${index}`)).toBe(true);
    }
  });

  it('prices every lease with the lease math: the stored payment, down, due at signing and rate are calculateLease of the stored inputs to the cent', () => {
    const leases = [...listings, ...clientDeals].filter(({ fields }) => fields.dealType === 'lease');
    expect(leases.length).toBeGreaterThan(50);

    for (const { fields } of leases) {
      const desking = fields.desking as LeaseInput;
      const quote = calculateLease(desking);
      expect(fields.monthlyPayment, fields.id).toBe(quote.monthlyPayment);
      expect(Math.abs(fields.monthlyPayment * 100 - Math.round(fields.monthlyPayment * 100)), fields.id).toBeLessThan(1e-6);
      expect(fields.downPayment, fields.id).toBe(desking.cashDown);
      expect(fields.totalDueAtSigning, fields.id).toBe(quote.driveOff);
      expect(fields.termMonths, fields.id).toBe(desking.termMonths);
      expect(fields.moneyFactor, fields.id).toBe(desking.moneyFactor);
      expect(fields.msrp, fields.id).toBe(desking.msrp);
    }
  });

  it('uses the terms lenders program: 24, 36 or 39 months, residuals of 50-65%, money factors of 0.0015-0.0035, a discount off MSRP', () => {
    const leases = [...listings, ...clientDeals].filter(({ fields }) => fields.dealType === 'lease');

    for (const { fields } of leases) {
      const desking = fields.desking as LeaseInput;
      expect([24, 36, 39]).toContain(desking.termMonths);
      expect(desking.residualPercent).toBeGreaterThanOrEqual(50);
      expect(desking.residualPercent).toBeLessThanOrEqual(65);
      expect(desking.moneyFactor).toBeGreaterThanOrEqual(0.0015);
      expect(desking.moneyFactor).toBeLessThanOrEqual(0.0035);
      expect(desking.sellingPrice).toBeLessThanOrEqual(desking.msrp);
      expect(desking.sellingPrice).toBeGreaterThan(desking.msrp * 0.85);
    }
    expect(new Set(leases.map(({ fields }) => fields.termMonths))).toEqual(new Set([24, 36, 39]));
  });

  it('prices models as the market does: a Camry in the low 30s, an X5 around 70k, and payments that follow', () => {
    const priced = (model: string) => listings.filter(({ fields }) => fields.model === model).map(({ fields }) => fields);

    for (const camry of priced('Camry')) {
      expect(camry.msrp).toBeGreaterThanOrEqual(29_000);
      expect(camry.msrp).toBeLessThanOrEqual(35_000);
      expect(camry.monthlyPayment).toBeGreaterThan(250);
      expect(camry.monthlyPayment).toBeLessThan(550);
    }
    for (const x5 of priced('X5')) {
      expect(x5.msrp).toBeGreaterThanOrEqual(65_000);
      expect(x5.msrp).toBeLessThanOrEqual(75_000);
      expect(x5.monthlyPayment).toBeGreaterThan(700);
      expect(x5.monthlyPayment).toBeLessThan(1_300);
    }
    for (const entry of MODELS) for (const [, msrp] of entry.trims) expect(msrp, entry.model).toBeGreaterThan(25_000);
  });

  it('prices financed deals as a 60-month loan on the price less the down payment', () => {
    const financed = clientDeals.filter(({ fields }) => fields.dealType === 'finance');
    expect(financed.length).toBeGreaterThan(0);

    for (const { fields } of financed) {
      expect(fields.termMonths).toBe(60);
      expect(fields.monthlyPayment).toBeGreaterThan(loanPayment(fields.msrp! * 0.85 - fields.downPayment, fields.apr!, 60));
      expect(fields.monthlyPayment).toBeLessThan(loanPayment(fields.msrp! - fields.downPayment, fields.apr!, 60) + 0.01);
    }
  });
});

describe('the demo client deals', () => {
  it('spread over the last months, decided deals older than open ones, each closed after it was created', () => {
    const ages = clientDeals.map(({ createdAt }) => daysBefore(createdAt));
    const open = clientDeals.filter(({ fields }) => ['available', 'pending', 'active'].includes(fields.status));

    expect(Math.max(...ages)).toBeGreaterThan(120);
    expect(Math.min(...ages)).toBeLessThan(7);
    expect(new Set(clientDeals.map(({ createdAt }) => createdAt.toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(5);
    for (const { createdAt } of open) expect(daysBefore(createdAt)).toBeLessThan(45);
    for (const { fields, createdAt } of clientDeals.filter(({ fields }) => fields.status === 'closed')) {
      expect(Date.parse(fields.dealClosedAt!)).toBeGreaterThan(createdAt.getTime());
      expect(Date.parse(fields.dealClosedAt!)).toBeLessThan(NOW.getTime());
    }
  });

  it('come from every lead source, a referral naming its referrer and an affinity program its program', () => {
    const sources = clientDeals.map(({ fields }) => fields.heardAboutUs);

    for (const source of LEAD_SOURCES) expect(sources.filter((each) => each === source).length, source).toBeGreaterThanOrEqual(3);
    for (const { fields } of clientDeals) {
      if (fields.heardAboutUs === 'Referral') expect(fields.heardAboutUsReferral).toBeTruthy();
      if (fields.heardAboutUs === 'Affinity Program') expect(fields.heardAboutUsAffinity).toBeTruthy();
    }
  });
});

describe('the demo photos', () => {
  it('are PNGs of the card shape, small, and the same bytes for the same look', () => {
    const png = Buffer.from(renderVehiclePhoto('suv', '#1f3c6e'));

    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([PHOTO_WIDTH, PHOTO_HEIGHT]);
    expect(PHOTO_WIDTH / PHOTO_HEIGHT).toBe(16 / 10);
    expect(png.length).toBeLessThan(60_000);
    expect(Buffer.from(renderVehiclePhoto('suv', '#1f3c6e')).equals(png)).toBe(true);
    expect(Buffer.from(renderVehiclePhoto('suv', '#9c1c24')).equals(png)).toBe(false);
  });
});
