/**
 * Demo data that makes a fresh local stack look alive (docs/operations.md, "The demo data"): dealerships each selling
 * their own make (./catalog.ts; the demo dealer works at the first), dozens of marketplace listings with stock
 * numbers, VINs, photos drawn at seed time and lease-priced terms, and client deals in every status spread over recent
 * months (planned in ./inventory.ts, checked by its unit test before anything is written), clients (one linked to the demo consumer), each dealership's lead e-mail address, inbound ADF lead addresses and
 * leads (./adf.ts), follow-up, maturity and manual tasks (./tasks.ts, ./maturing.ts), academy content in several
 * categories with some progress, the demo users' records and broker profiles, and views spread over the last
 * days, ranked by the trending job's own service so that trending has something to show before the job first runs.
 *
 * Deterministic: the same `now` gives the same items and ids. Idempotent: a completion marker makes a second
 * run return at once, and every write is a conditional create (or a deduplicated view, or the trending snapshot,
 * which is replaced whole; photos are put under fixed keys), so even a run interrupted half-way can be repeated without
 * counting anything twice. Everything goes through the stores, so the counters match the items.
 */
import { ulid } from 'ulid';
import { DEAL_IMAGES_WEB_PATH, describeStack, LOCAL_PORTS, type DemoUserIds, type DemoUserKey } from '../config';
import { rankTrending } from '@functions/marketplace/trending';
import { recordVehicleView } from '@functions/marketplace/views';
import { addDays, utcDay } from '@functions/lib/dates';
import type { Data } from '@infra/data/create-data';
import { seedBrokerPerformance } from './brokers';
import { seedAcademy } from './academy';
import { seedDemoLeads } from './leads';
import { seedAdfLeads } from './adf';
import { seedDemoTasks } from './tasks';
import { seedSamplePrograms } from './programs';
import { seedRunStore } from './seed-runs';
import { seedMaturingLeases } from './maturing';
import { dealershipIndexOf, DEALERSHIPS, MODELS } from './catalog';
import { planClientDeals, planListings, type DealPlan, type ListingPlan } from './inventory';
import { renderVehiclePhoto } from './photos';

/** Where listings' photos point when the seed is given no bucket (tests on a bare table): npm start's web origin. */
const DEFAULT_PHOTO_BASE_URL = `${describeStack(LOCAL_PORTS).urls.web}${DEAL_IMAGES_WEB_PATH}`;

/** The deal-images bucket the seed uploads listing photos to, and the URL it is served at (config.dealImagesUrl). */
export interface DemoPhotoStore {
  publicUrl: string;
  put(key: string, png: Uint8Array): Promise<void>;
}

/** Draws each listing's photo (./photos.ts) and stores it where a real upload ends up; one drawing per look. */
async function uploadPhotos(store: DemoPhotoStore, listings: readonly ListingPlan[]): Promise<void> {
  const drawn = new Map<string, Uint8Array>();
  for (const { photo } of listings) {
    const look = `${photo.body}${photo.colour}`;
    const png = drawn.get(look) ?? renderVehiclePhoto(photo.body, photo.colour);
    drawn.set(look, png);
    await store.put(photo.key, png);
  }
}

export interface SeedResult {
  seeded: boolean;
  dealerships: number;
  vehicles: number;
  clientDeals: number;
  clients: number;
  academyItems: number;
  views: number;
  /** Vehicles in the trending snapshot. */
  trendingVehicles: number;
}

const SEED_NAME = 'demo-v1';
/** Ids embed this time, not the run's, so they are the same on every machine. */
const ID_EPOCH = Date.UTC(2026, 0, 1);

/** mulberry32: a tiny deterministic PRNG for ids and variety. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CLIENTS = [
  ['Jamie Carter', 'jamie.carter@example.com', '+14155550101', 742],
  ['Robin Alvarez', 'robin.alvarez@example.com', '+13125550102', 688],
  ['Sam Nguyen', 'sam.nguyen@example.com', '+12135550103', 801],
  ['Alexis Turner', 'alexis.turner@example.com', '+16175550104', 655],
  ['Drew Martinez', 'drew.martinez@example.com', '+16025550105', 719],
  ["Quinn O'Brien", 'quinn.obrien@example.com', '+12065550106', 776],
  ['Hayden Scott', 'hayden.scott@example.com', '+14155550107', 598],
  ['Reese Kim', 'reese.kim@example.com', '+13125550108', 830],
] as const;

/** The demo company's brokering agreement (sample text for the demo; each company writes its own). */
export const DEMO_AGREEMENT_TEXT = [
  'Brokering agreement (sample text for the LeaseDesk demo)',
  '',
  'I, {{client}}, hire {{broker}} to find and negotiate the lease of the {{vehicle}} on my behalf and agree to pay a concierge fee of {{fee}} once the deal is finalized.',
  '',
  'The broker acts for me, not for the dealership, and discloses any payment received from the dealership. The fee is owed only for a vehicle I accept. I may end this agreement in writing before I sign a lease; nothing is owed then.',
].join('\n');

export async function seedDemoData(
  data: Data,
  users: Record<DemoUserKey, DemoUserIds>,
  options: { now?: Date; photos?: DemoPhotoStore } = {},
): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const empty: SeedResult = {
    seeded: false,
    dealerships: 0,
    vehicles: 0,
    clientDeals: 0,
    clients: 0,
    academyItems: 0,
    views: 0,
    trendingVehicles: 0,
  };
  const seedRuns = seedRunStore(data.table);
  if (await seedRuns.completed(SEED_NAME)) return empty;

  const random = prng(20260101);
  let idCounter = 0;
  const nextId = () => ulid(ID_EPOCH + idCounter++, random);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const money = (value: number) => Math.round(value * 100) / 100;
  const day = (offset: number) => utcDay(addDays(now, offset));
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  // Dealerships: the demo dealer works at the first one.
  const dealershipIds: string[] = [];
  for (const [index, { makes: _makes, taxRatePercent: _taxRate, ...dealership }] of DEALERSHIPS.entries()) {
    const id = nextId();
    dealershipIds.push(id);
    await data.dealerships.create(
      {
        id,
        ...dealership,
        contactEmail: `${dealership.contactName.split(' ')[0].toLowerCase()}@${new URL(dealership.website).hostname.replace(/^www\./, '')}`,
        // Where "Send to Dealer" e-mails a deal as ADF (docs/decisions.md, "ADF leads"): the dealer's CRM inbox.
        leadEmail: `crm-leads@${new URL(dealership.website).hostname.replace(/^www\./, '')}`,
        contactPhone: `+1555010${String(index).padStart(4, '0')}`,
        // The dealership form takes hours to 1 decimal (shared/dealerships/schemas.ts).
        responseTimeHours: Math.round((1 + random() * 23) * 10) / 10,
        successRate: money(60 + random() * 38),
      },
      hoursAgo(24 * 90 - index),
    );
  }

  // Users.
  const { admin, broker, pendingBroker, dealer, consumer } = users;
  await data.users.create({ userId: admin.userId, role: 'admin', fullName: admin.fullName, email: admin.email }, now);
  await data.users.registerBroker(broker, hoursAgo(24 * 120), {
    isApproved: true,
    isLicensed: true,
    licenseNumber: 'CA-DL-0042917',
    licenseExpirationDate: day(365),
    commissionType: 'percentage',
    commissionValue: 30,
    phone: '+14155550199',
  });
  await data.users.registerBroker(pendingBroker, hoursAgo(6));
  await data.users.create(
    { userId: dealer.userId, role: 'dealer', fullName: dealer.fullName, email: dealer.email, dealershipId: dealershipIds[0] },
    now,
  );
  await data.users.create({ userId: consumer.userId, role: 'consumer', fullName: consumer.fullName, email: consumer.email }, now);
  // The company requires a signed agreement before a fee by default (docs/decisions.md, "Agreements"): without a text
  // the demo consumer could never pay. Sample wording, not legal advice.
  await data.agreements.addVersion({
    version: 1,
    text: DEMO_AGREEMENT_TEXT,
    createdAt: hoursAgo(24 * 90).toISOString(),
    createdById: admin.userId,
    createdByName: admin.fullName,
  });

  // Clients: the demo broker's, one of them the demo consumer (linked to the consumer's account).
  const clientIds: string[] = [];
  // Deals carry their client's name (the deals list orders, groups and searches by it).
  const clientNames = new Map<string, string>();
  const consumerClientId = nextId();
  clientNames.set(consumerClientId, consumer.fullName);
  await data.clients.create(
    {
      id: consumerClientId,
      fullName: consumer.fullName,
      email: consumer.email,
      phone: '+14155550142',
      creditScore: 765,
      preferredMakes: ['BMW', 'Audi'],
      profileId: broker.userId,
      userId: consumer.userId,
    },
    hoursAgo(24 * 60),
  );
  clientIds.push(consumerClientId);
  for (const [index, [fullName, email, phone, creditScore]] of CLIENTS.entries()) {
    const id = nextId();
    clientIds.push(id);
    clientNames.set(id, fullName);
    await data.clients.create(
      {
        id,
        fullName,
        email,
        phone,
        creditScore,
        preferredMakes: [pick(MODELS).make],
        profileId: index % 4 === 3 ? admin.userId : broker.userId,
      },
      hoursAgo(24 * 50 - index * 5),
    );
  }

  // Marketplace listings and client deals (./inventory.ts), each listing's photo drawn and uploaded first.
  const inventory = {
    now,
    nextId,
    adminId: admin.userId,
    brokerId: broker.userId,
    dealershipIds,
    clients: clientIds.map((id) => ({ id, fullName: clientNames.get(id)! })),
    photoBaseUrl: options.photos?.publicUrl ?? DEFAULT_PHOTO_BASE_URL,
  };
  const vehicles = planListings(inventory);
  if (options.photos) await uploadPhotos(options.photos, vehicles);
  for (const vehicle of vehicles) await data.deals.create(vehicle.fields, vehicle.createdAt);
  const clientDeals = planClientDeals(inventory);
  for (const deal of clientDeals) await data.deals.create(deal.fields, deal.createdAt);
  await seedMaturingLeases(data, {
    brokerId: broker.userId,
    clients: clientIds.slice(1, 4).map((id) => ({ id, fullName: clientNames.get(id)! })),
    // Models a demo dealership sells, each at that dealership.
    vehicles: [0, 2, 4].map((index) => {
      const { make, model, trims } = MODELS.filter((entry) => dealershipIndexOf(entry.make) >= 0)[index]!;
      return { make, model, trim: trims[0]![0], dealershipId: dealershipIds[dealershipIndexOf(make)] };
    }),
    now,
  });
  await seedBrokerPerformance(
    data,
    {
      brokerId: broker.userId,
      clients: clientIds.slice(1).map((id) => ({ id, fullName: clientNames.get(id)! })),
      dealershipIds,
      dealershipOfMake: (make) => dealershipIds[dealershipIndexOf(make)],
      idEpoch: ID_EPOCH,
    },
    now,
  );

  // Academy: a five-module broker course, a draft, and the demo broker's first module completed (./academy.ts).
  const academyItems = await seedAcademy(data, broker.userId, (daysAgo) => hoursAgo(24 * daysAgo));

  // Views over the last days (one per session per day), most on a handful of vehicles; one archived vehicle
  // is the most viewed of all, to show it is left out of trending.
  let views = 0;
  const viewed = vehicles.filter((vehicle) => !vehicle.fields.isArchived).slice(0, 9);
  const archivedFavourite = vehicles.find((vehicle) => vehicle.fields.isArchived);
  const plan: [DealPlan | undefined, number][] = [
    ...viewed.map((vehicle, rank) => [vehicle, 9 - rank] as [DealPlan, number]),
    [archivedFavourite, 15],
  ];
  for (const [vehicle, perDay] of plan) {
    if (!vehicle) continue;
    const recorded = await Promise.all(
      Array.from({ length: 6 }, (_, daysAgo) =>
        Array.from({ length: Math.max(0, perDay - daysAgo) }, (_, session) =>
          recordVehicleView(
            vehicle.fields.id,
            session % 3 === 0 ? broker.userId : null,
            `seed-session-${session}`,
            hoursAgo(24 * daysAgo + 1),
            data,
          ),
        ),
      ).flat(),
    );
    views += recorded.filter(({ counted }) => counted).length;
  }

  const trending = await rankTrending(data, now);
  await seedDemoLeads(
    data,
    users,
    now,
    clientIds.map((id) => ({ id, fullName: clientNames.get(id)! })),
  );
  await seedAdfLeads(data, { id: dealershipIds[0]!, name: DEALERSHIPS[0]!.name }, now);
  await seedDemoTasks(data, users, now);
  await seedSamplePrograms(data, now);

  await seedRuns.markCompleted(SEED_NAME, now);
  return {
    seeded: true,
    dealerships: dealershipIds.length,
    vehicles: vehicles.length,
    clientDeals: clientDeals.length,
    clients: clientIds.length,
    academyItems,
    views,
    trendingVehicles: trending.vehicles.length,
  };
}
