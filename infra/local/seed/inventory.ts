/**
 * The demo marketplace and client deals, planned before anything is written (pure, so a unit test checks the very
 * records the seed writes: ./inventory.test.ts). Each listing is at the dealership selling its make, has a stock
 * number, a VIN with its check digit, a photo (drawn by ./photos.ts, uploaded by the seed under `photoKey`) and lease
 * terms priced by the product's lease math; client deals are spread over the last months with their status
 * matching their age (old ones closed, recent ones open), every lead source, trade-ins and concierge fees.
 */
import { MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE } from '@shared/constants';
import { LEAD_SOURCES, type DealStatus } from '@shared/deals/enums';
import { dealImageKey } from '@shared/uploads/keys';
import { addDays, utcDay } from '@functions/lib/dates';
import type { DealFields } from '@functions/domain/deals/deals';
import {
  COLOURS,
  dealershipIndexOf,
  DEALERSHIPS,
  demoVin,
  LEASE_TERMS,
  leaseDealTerms,
  leaseInputFor,
  loanPayment,
  MODELS,
  type DemoModel,
} from './catalog';
import type { BodyStyle } from './photos';

/** A deal or listing to write, with the time it was created. */
export interface DealPlan {
  fields: DealFields & { id: string };
  createdAt: Date;
}

/** A listing and the photo the seed draws and uploads for it. */
export interface ListingPlan extends DealPlan {
  photo: { key: string; body: BodyStyle; colour: string };
}

export interface InventoryInput {
  now: Date;
  /** Ids in creation order (the seed's deterministic ULIDs). */
  nextId: () => string;
  adminId: string;
  brokerId: string;
  /** The created dealerships' ids, in DEALERSHIPS' order. */
  dealershipIds: readonly string[];
  /** The demo broker's clients (the demo consumer's first), with the names deals carry. */
  clients: readonly { id: string; fullName: string }[];
  /** Where the deal-images bucket is served (config.dealImagesUrl): a listing's photo is `<it>/<photoKey>`. */
  photoBaseUrl: string;
}

export const LISTING_COUNT = 36;
export const CLIENT_DEAL_COUNT = 21;

const money = (value: number) => Math.round(value * 100) / 100;

export function planListings(input: InventoryInput): ListingPlan[] {
  const day = (offset: number) => utcDay(addDays(input.now, offset));
  const listings: ListingPlan[] = [];
  for (let index = 0; index < LISTING_COUNT; index++) {
    const entry = MODELS[index % MODELS.length]!;
    const [trim, msrp] = entry.trims[Math.floor(index / MODELS.length) % entry.trims.length]!;
    const year = index % 3 === 0 ? 2025 : 2026;
    const archived = index % 9 === 4; // 4 archived (expired) listings
    const expiringSoon = index % 7 === 2; // a few expire within 1-3 days
    const expirationOffset = archived ? -((index % 5) + 2) : expiringSoon ? 1 + (index % 3) : 14 + (index % 45);
    const dealership = dealershipIndexOf(entry.make);
    const [colourName, colour] = COLOURS[(index * 3) % COLOURS.length]!;
    const id = input.nextId();
    const photoKey = dealImageKey(id, 'png');
    // Listings are advertised before tax, as lease offers are; a model year-end 2025 gets a little more off.
    const terms = leaseDealTerms(
      leaseInputFor(entry, {
        msrp,
        termMonths: [36, 36, 24, 39][index % 4] as (typeof LEASE_TERMS)[number],
        cashDown: [2_999, 1_999, 3_499, 0][index % 4]!,
        taxRatePercent: 0,
        extraDiscountPercent: year === 2025 ? 2 : 0,
      }),
    );
    listings.push({
      createdAt: new Date(input.now.getTime() - (24 * 30 - index * 7) * 3_600_000),
      photo: { key: photoKey, body: entry.body, colour },
      fields: {
        id,
        brokerId: index % 3 === 0 ? input.adminId : input.brokerId,
        dealershipId: dealership >= 0 ? input.dealershipIds[dealership] : undefined,
        listing: true,
        year,
        make: entry.make,
        model: entry.model,
        trim,
        vin: demoVin(entry, year, index),
        imageUrl: `${input.photoBaseUrl}/${photoKey}`,
        stockNumber: `LD-${String(1001 + index)}`,
        availableStock: index % 5 === 0 ? 1 : 2 + ((index * 7) % 5),
        ...terms,
        mileageAllowance: index % 4 === 3 ? 10_000 : MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE,
        dealType: 'lease',
        status: archived ? 'expired' : 'available',
        isArchived: archived,
        expirationDate: day(expirationOffset),
        incentives: index % 2 === 0 ? ['costco', 'military'] : ['loyalty'],
        notes: `Exterior: ${colourName}. Advertised before tax; due at signing includes the first payment and fees.`,
        creditAppFormType: entry.make === 'BMW' ? 'bmwfs' : entry.make === 'Mercedes-Benz' ? 'mbfs' : 'generic',
      },
    });
  }
  return listings;
}

/** Open deals are recent, decided ones older: days ago each status's deals were created, cycled through. */
const AGE_BY_STATUS: Record<DealStatus, readonly number[]> = {
  available: [3, 11, 19],
  pending: [6, 15, 27],
  active: [9, 24, 41],
  finalized: [33, 52, 68],
  closed: [48, 96, 151],
  expired: [75, 118, 162],
  not_sold: [58, 104, 139],
};

const REFERRERS = ['Jamie Carter', 'Dr. Lena Ortiz', 'Marcus Webb'];
const AFFINITY_PROGRAMS = ['Costco', 'Credit union', 'Alumni association'];

export function planClientDeals(input: InventoryInput): DealPlan[] {
  const day = (offset: number) => utcDay(addDays(input.now, offset));
  const daysAgo = (days: number) => new Date(input.now.getTime() - days * 86_400_000 - 5 * 3_600_000);
  const sold: DemoModel[] = MODELS.filter((entry) => dealershipIndexOf(entry.make) >= 0);
  const statuses: DealStatus[] = ['available', 'pending', 'active', 'finalized', 'closed', 'expired', 'not_sold'];
  const deals: DealPlan[] = [];
  for (let index = 0; index < CLIENT_DEAL_COUNT; index++) {
    const status = statuses[index % statuses.length]!;
    const entry = sold[(index * 5) % sold.length]!;
    const [trim, msrp] = entry.trims[index % entry.trims.length]!;
    const dealership = dealershipIndexOf(entry.make);
    // The demo consumer's finalized and closed deals.
    const forConsumer = index === 3 || index === 4;
    const client = forConsumer ? input.clients[0]! : input.clients[1 + (index % (input.clients.length - 1))]!;
    const age = AGE_BY_STATUS[status][Math.floor(index / statuses.length)]!;
    const createdAt = daysAgo(age);
    const dealerFee = 250 + (index % 4) * 125;
    const clientFee = 300 + (index % 3) * 100;
    const source = LEAD_SOURCES[index % LEAD_SOURCES.length]!;
    const financed = index % 6 === 5;
    const terms = financed
      ? financeTerms(msrp, entry, index)
      : leaseDealTerms(
          leaseInputFor(entry, {
            msrp,
            termMonths: LEASE_TERMS[[1, 1, 0, 2][index % 4]!]!,
            cashDown: [2_500, 3_000, 1_500, 0][index % 4]!,
            taxRatePercent: DEALERSHIPS[dealership]!.taxRatePercent,
            extraDiscountPercent: (index % 3) - 1,
          }),
        );
    deals.push({
      createdAt,
      fields: {
        id: input.nextId(),
        clientId: client.id,
        clientName: client.fullName,
        brokerId: index % 4 === 3 ? input.adminId : input.brokerId,
        dealershipId: input.dealershipIds[dealership],
        listing: false,
        year: 2026,
        make: entry.make,
        model: entry.model,
        trim,
        vin: demoVin(entry, 2026, 500 + index * 37),
        dealType: financed ? 'finance' : 'lease',
        status,
        isArchived: status === 'expired',
        ...terms,
        mileageAllowance: index % 2 ? 10_000 : 12_000,
        expirationDate: status === 'expired' ? day(-(index + 1)) : day(30 + index),
        heardAboutUs: source,
        ...(source === 'Referral' ? { heardAboutUsReferral: REFERRERS[index % REFERRERS.length] } : {}),
        ...(source === 'Affinity Program' ? { heardAboutUsAffinity: AFFINITY_PROGRAMS[index % AFFINITY_PROGRAMS.length] } : {}),
        creditScoreRange: ['670-739', '740-799', '800-850', '580-669'][index % 4],
        hasTradeIn: index % 5 === 0,
        ...(index % 5 === 0
          ? { tradeInMake: 'Honda', tradeInModel: 'Civic', tradeInYear: 2019, tradeInMileage: 48_000, tradeInCondition: 'Good' }
          : {}),
        brokerFeeDealer: dealerFee,
        brokerFeeClient: clientFee,
        brokerFeeTotal: dealerFee + clientFee,
        ...(status === 'not_sold' ? { notSoldReason: 'Not ready to purchase at this time', followUpDate: day(21) } : {}),
        creditAppFormType: 'generic',
        conciergeFee: status === 'finalized' || status === 'closed' ? 500 : 0,
        conciergeFeePaid: status === 'closed',
        // Closed two to three weeks after it was opened.
        ...(status === 'closed'
          ? { dealClosedAt: new Date(createdAt.getTime() + (14 + (index % 8)) * 86_400_000).toISOString() }
          : {}),
        incentives: index % 3 === 0 ? ['Costco'] : [],
      },
    });
  }
  return deals;
}

/** A financed deal: 60 months at a plausible APR on the price less the down payment. */
function financeTerms(msrp: number, entry: DemoModel, index: number) {
  const downPayment = 5_000 + (index % 3) * 1_000;
  const price = Math.round((msrp * (1 - entry.discountPercent / 100)) / 10) * 10;
  const apr = 6.49;
  return {
    msrp,
    monthlyPayment: loanPayment(price - downPayment, apr, 60),
    downPayment: money(downPayment),
    termMonths: 60,
    apr,
  };
}
