/**
 * Demo data that makes a fresh local stack look alive: dealerships (the demo dealer works at the first),
 * dozens of marketplace vehicles across makes (some with one left, some archived, some expiring within days),
 * client deals in every status, clients (one linked to the demo consumer), academy content in several
 * categories with some progress, the demo users' records and broker profiles, and views spread over the last
 * days, ranked by the trending job's own service so that trending has something to show before the job first runs.
 *
 * Deterministic: the same `now` gives the same items and ids. Idempotent: a completion marker makes a second
 * run return at once, and every write is a conditional create (or a deduplicated view, or the trending snapshot,
 * which is replaced whole), so even a run interrupted half-way can be repeated without counting anything twice. Everything goes through the stores,
 * so the counters match the items.
 */
import { ulid } from 'ulid';
import type { DemoUserIds, DemoUserKey } from '../config';
import { MARKETPLACE_DEFAULT_APR, MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE } from '@shared/constants';
import type { DealStatus } from '@shared/deals/enums';
import { withVinCheckDigit } from '@shared/vehicles/vin';
import { rankTrending } from '@functions/marketplace/trending';
import { recordVehicleView } from '@functions/marketplace/views';
import { addDays, utcDay } from '@functions/lib/dates';
import type { Data } from '@functions/lib/data';
import type { DealFields } from '@functions/lib/data/deals/deals';
import { seedBrokerPerformance } from './brokers';
import { seedAcademy } from './academy';
import { seedDemoLeads } from './leads';
import { seedDemoTasks } from './tasks';
import { seedRunStore } from './seed-runs';
import { seedMaturingLeases } from './maturing';

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

const DEALERSHIPS = [
  { name: 'Bay Area BMW', location: 'San Francisco, CA', contactName: 'Morgan Lee', website: 'https://bayareabmw.example.com' },
  {
    name: 'Lakeside Toyota',
    location: 'Chicago, IL',
    contactName: 'Jordan Patel',
    website: 'https://lakesidetoyota.example.com',
  },
  { name: 'Sunset Honda', location: 'Los Angeles, CA', contactName: 'Riley Chen', website: 'https://sunsethonda.example.com' },
  { name: 'Liberty Ford', location: 'Boston, MA', contactName: 'Taylor Brooks', website: 'https://libertyford.example.com' },
  {
    name: 'Desert Star Mercedes-Benz',
    location: 'Phoenix, AZ',
    contactName: 'Avery Ramos',
    website: 'https://desertstarmb.example.com',
  },
  { name: 'Evergreen Audi', location: 'Seattle, WA', contactName: 'Cameron Diaz', website: 'https://evergreenaudi.example.com' },
];

/** make, model, trims, MSRP, monthly payment at 36 months. */
const MODELS: [string, string, string[], number, number][] = [
  ['BMW', 'X5', ['xDrive40i', 'M60i'], 67_600, 899],
  ['BMW', '330i', ['Sedan', 'xDrive'], 46_900, 549],
  ['BMW', 'i4', ['eDrive40', 'M50'], 57_900, 629],
  ['Toyota', 'RAV4', ['XLE', 'Limited'], 32_800, 389],
  ['Toyota', 'Camry', ['SE', 'XSE'], 29_500, 329],
  ['Toyota', 'Highlander', ['XLE', 'Platinum'], 41_900, 479],
  ['Honda', 'CR-V', ['EX-L', 'Sport Touring'], 35_400, 399],
  ['Honda', 'Accord', ['Sport', 'Touring'], 31_900, 359],
  ['Ford', 'F-150', ['XLT', 'Lariat'], 52_300, 599],
  ['Ford', 'Mustang Mach-E', ['Premium', 'GT'], 48_900, 499],
  ['Mercedes-Benz', 'GLE 350', ['4MATIC'], 64_250, 849],
  ['Mercedes-Benz', 'C 300', ['Sedan', '4MATIC'], 48_600, 589],
  ['Audi', 'Q5', ['Premium Plus', 'Prestige'], 50_400, 579],
  ['Audi', 'A4', ['Premium', 'S line'], 43_100, 499],
  ['Tesla', 'Model Y', ['Long Range', 'Performance'], 47_990, 549],
  ['Lexus', 'RX 350', ['Premium', 'F Sport'], 51_200, 629],
  ['Hyundai', 'Tucson', ['SEL', 'Limited'], 31_700, 339],
  ['Kia', 'Telluride', ['EX', 'SX'], 42_800, 489],
];

/**
 * The makes each dealership (DEALERSHIPS, same order) sells: a listing or a client deal of a make is at the dealership
 * selling it. Tesla, Lexus, Hyundai and Kia listings are the brokerage's own sourcing (no dealership).
 */
const DEALERSHIP_MAKES: readonly (readonly string[])[] = [['BMW'], ['Toyota'], ['Honda'], ['Ford'], ['Mercedes-Benz'], ['Audi']];

/** World manufacturer identifiers and a vehicle descriptor per make (no I, O or Q), for VINs with a valid check digit. */
const VIN_PREFIXES: Record<string, string> = {
  BMW: '5UXCR6C0',
  Toyota: '2T3P1RFV',
  Honda: '1HGCY1F3',
  Ford: '1FTFW1E5',
  'Mercedes-Benz': '4JGFB4FB',
  Audi: 'WA1EAAFY',
  Tesla: '7SAYGDEE',
  Lexus: '2T2BAMCA',
  Hyundai: '5NMJECDE',
  Kia: '5XYP5DGC',
};

/** A 17-character VIN of the make and model year with its check digit (shared/vehicles/vin.ts). */
function demoVin(make: string, year: number, serial: number): string {
  const yearCode = year === 2025 ? 'S' : 'T';
  return withVinCheckDigit(`${VIN_PREFIXES[make] ?? '1HGCY1F3'}0${yearCode}A${String(100_000 + serial).slice(-6)}`);
}

const dealershipIndexOf = (make: string) => DEALERSHIP_MAKES.findIndex((makes) => makes.includes(make));

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

interface VehiclePlan {
  fields: DealFields & { id: string };
  createdAt: Date;
}

export async function seedDemoData(
  data: Data,
  users: Record<DemoUserKey, DemoUserIds>,
  options: { now?: Date } = {},
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
  for (const [index, dealership] of DEALERSHIPS.entries()) {
    const id = nextId();
    dealershipIds.push(id);
    await data.dealerships.create(
      {
        id,
        ...dealership,
        contactEmail: `${dealership.contactName.split(' ')[0].toLowerCase()}@${new URL(dealership.website).hostname.replace(/^www\./, '')}`,
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
        preferredMakes: [pick(MODELS)[0]],
        profileId: index % 4 === 3 ? admin.userId : broker.userId,
      },
      hoursAgo(24 * 50 - index * 5),
    );
  }

  // Marketplace vehicles: 36, spread over makes and dealerships.
  const vehicles: VehiclePlan[] = [];
  for (let index = 0; index < 36; index++) {
    const [make, model, trims, msrp, monthly] = MODELS[index % MODELS.length];
    const archived = index % 9 === 4; // 4 archived (expired) vehicles
    const expiringSoon = index % 7 === 2; // a few expire within 1-3 days
    const expirationOffset = archived ? -((index % 5) + 2) : expiringSoon ? 1 + (index % 3) : 14 + (index % 45);
    const availableStock = index % 5 === 0 ? 1 : 1 + Math.floor(random() * 5);
    const status: DealStatus = archived ? 'expired' : 'available';
    vehicles.push({
      createdAt: hoursAgo(24 * 30 - index * 7),
      fields: {
        id: nextId(),
        brokerId: index % 3 === 0 ? admin.userId : broker.userId,
        // Each dealership lists only the makes it sells.
        dealershipId: dealershipIndexOf(make) >= 0 ? dealershipIds[dealershipIndexOf(make)] : undefined,
        year: index % 3 === 0 ? 2025 : 2026,
        make,
        model,
        trim: trims[index % trims.length],
        vin: demoVin(make, index % 3 === 0 ? 2025 : 2026, index),
        listing: true,
        stockNumber: `LD-${String(1001 + index)}`,
        availableStock,
        msrp: money(msrp + (index % 4) * 850),
        totalDueAtSigning: money(2_999 + (index % 4) * 500),
        monthlyPayment: money(monthly + (index % 5) * 12),
        downPayment: money(1_999 + (index % 3) * 1_000),
        termMonths: index % 4 === 1 ? 24 : 36,
        mileageAllowance: MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE,
        apr: MARKETPLACE_DEFAULT_APR,
        dealType: 'lease',
        status,
        isArchived: archived,
        expirationDate: day(expirationOffset),
        incentives: index % 2 === 0 ? ['costco', 'military'] : ['loyalty'],
        creditAppFormType: make === 'BMW' ? 'bmwfs' : make === 'Mercedes-Benz' ? 'mbfs' : 'generic',
      } as DealFields & { id: string },
    });
  }
  for (const vehicle of vehicles) await data.deals.create(vehicle.fields, vehicle.createdAt);

  // Client deals, in every status, of the makes a dealership sells.
  const SOLD_MODELS = MODELS.filter(([make]) => dealershipIndexOf(make) >= 0);
  const statuses: DealStatus[] = ['available', 'pending', 'active', 'finalized', 'closed', 'expired', 'not_sold'];
  const clientDeals: VehiclePlan[] = [];
  for (let index = 0; index < 21; index++) {
    const status = statuses[index % statuses.length];
    const [make, model, trims, msrp, monthly] = SOLD_MODELS[(index * 5) % SOLD_MODELS.length];
    const forConsumer = index === 3 || index === 4; // the consumer's finalized and closed deals
    const clientId = forConsumer ? consumerClientId : clientIds[1 + (index % (clientIds.length - 1))];
    const dealerFee = 250 + (index % 4) * 125;
    const clientFee = 300 + (index % 3) * 100;
    const closedAt = status === 'closed' ? hoursAgo(24 * (5 + index * 6)).toISOString() : undefined;
    const moneyFactor = 0.00185 + (index % 4) * 0.0001;
    clientDeals.push({
      createdAt: hoursAgo(24 * (40 - index)),
      fields: {
        id: nextId(),
        clientId,
        clientName: clientNames.get(clientId),
        brokerId: index % 4 === 3 ? admin.userId : broker.userId,
        // A client deal is at the dealership selling its make.
        dealershipId: dealershipIds[dealershipIndexOf(make)],
        listing: false,
        year: 2026,
        make,
        model,
        trim: trims[0],
        vin: demoVin(make, 2026, 500 + index * 37),
        dealType: index % 6 === 5 ? 'finance' : 'lease',
        status,
        isArchived: status === 'expired',
        msrp,
        monthlyPayment: money(monthly + index * 3),
        downPayment: money(2_500 + (index % 3) * 500),
        termMonths: 36,
        mileageAllowance: index % 2 ? 10_000 : 12_000,
        moneyFactor,
        apr: money(moneyFactor * 2400),
        expirationDate: status === 'expired' ? day(-(index + 1)) : day(30 + index),
        heardAboutUs: pick(['Mailer', 'Search Engine', 'Social Media', 'Referral', 'Affinity Program', 'Other']),
        creditScoreRange: pick(['580-669', '670-739', '740-799', '800-850']),
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
        ...(closedAt ? { dealClosedAt: closedAt } : {}),
        incentives: index % 3 === 0 ? ['Costco'] : [],
      } as DealFields & { id: string },
    });
  }
  for (const deal of clientDeals) await data.deals.create(deal.fields, deal.createdAt);
  await seedMaturingLeases(data, {
    brokerId: broker.userId,
    clients: clientIds.slice(1, 4).map((id) => ({ id, fullName: clientNames.get(id)! })),
    // Models a demo dealership sells, each at that dealership.
    vehicles: [0, 2, 4].map((index) => {
      const [make, model, trims] = SOLD_MODELS[index % SOLD_MODELS.length];
      return { make, model, trim: trims[0], dealershipId: dealershipIds[dealershipIndexOf(make)] };
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
  const plan: [VehiclePlan | undefined, number][] = [
    ...viewed.map((vehicle, rank) => [vehicle, 9 - rank] as [VehiclePlan, number]),
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
  await seedDemoLeads(data, users, now);
  await seedDemoTasks(data, users, now);

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
