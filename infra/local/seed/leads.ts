/**
 * Demo leads for the lead inbox (docs/decisions.md, "Leads"): quote requests of various ages and statuses, so /leads
 * shows fresh leads, ones waiting more than 5 minutes, one naming the demo broker as agent, one whose e-mail notice
 * failed, and worked ones with their history. Ids are fixed so a re-run adds nothing.
 */
import type { DemoUserIds, DemoUserKey } from '../config';
import type { Data } from '@infra/data/create-data';
import type { Lead } from '@functions/domain/leads/leads';

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

/** The seeded leads' ids, newest first. */
export const DEMO_LEAD_IDS = ['demo-lead-1', 'demo-lead-2', 'demo-lead-3', 'demo-lead-4', 'demo-lead-5'] as const;

/**
 * The shopper the lead conversion is shown with (docs/decisions.md, "Lead conversion"): an exact vehicle, a 2019
 * Accord trade-in with $8,500 owed to Chase, Costco, a budget and a current lease; they picked the demo broker, who
 * holds the lead automatically. Converting it fills the whole deal form.
 */
export const DEMO_TRADE_IN_LEAD_ID = 'demo-lead-trade-in';

/**
 * Worked leads of the last four months (none new, so the inbox's new count stays the fresh ones above): contacted,
 * lost, and converted into the demo clients of the same name, so the inbox has a history as a real one does.
 * Each row: first and last name, days ago, outcome, the vehicle (exact) or body style (help), monthly budget.
 */
type Wanted = readonly [make: string, model: string, trim: string] | 'SUV' | 'Sedan' | 'Truck';
const HISTORY: readonly (readonly [string, string, number, 'contacted' | 'lost' | 'converted', Wanted, number])[] = [
  ['Priya', 'Raman', 1.5, 'contacted', ['Honda', 'CR-V', 'EX-L'], 450],
  ['Marcus', 'Bell', 4, 'contacted', 'SUV', 600],
  ['Elena', 'Vasquez', 9, 'contacted', ['Audi', 'Q5', 'Premium Plus'], 700],
  ['Robin', 'Alvarez', 18, 'converted', ['Toyota', 'Highlander', 'XLE'], 650],
  ['Tom', 'Fischer', 26, 'lost', ['Ford', 'F-150', 'XLT'], 750],
  ['Alexis', 'Turner', 41, 'converted', ['Mercedes-Benz', 'GLE 350', '4MATIC'], 1_100],
  ['Nina', 'Okafor', 55, 'lost', 'Sedan', 400],
  ['Reese', 'Kim', 72, 'converted', ['Honda', 'CR-V', 'EX-L'], 500],
  ['Ben', 'Hartley', 88, 'contacted', 'Truck', 800],
  ['Grace', 'Liu', 104, 'lost', ['BMW', 'X5', 'xDrive40i'], 1_000],
  ['Omar', 'Haddad', 119, 'lost', ['Toyota', 'Camry', 'SE'], 380],
];

/** The seeded worked leads' ids (`demo-lead-history-<n>`), newest first. */
export const DEMO_HISTORY_LEAD_IDS = HISTORY.map((_, index) => `demo-lead-history-${index + 1}`);

export async function seedDemoLeads(
  data: Data,
  users: Record<DemoUserKey, DemoUserIds>,
  now: Date,
  /** The demo clients a converted lead became (matched by full name); a lead without one stays contacted. */
  clients: readonly { id: string; fullName: string }[] = [],
): Promise<number> {
  const { admin, broker } = users;
  const contact = (first: string, last: string, index: number) => ({
    firstName: first,
    lastName: last,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
    phone: `41555501${String(index).padStart(2, '0')}`,
    zipCode: '94107',
    preferredContactMethod: (['text', 'call', 'email'] as const)[index % 3],
  });
  const leads: Lead[] = [
    {
      id: DEMO_LEAD_IDS[0],
      ...contact('Riley', 'Chen', 1),
      vehiclePreference: 'exact',
      exactVehicleYear: 2026,
      exactVehicleMake: 'Toyota',
      exactVehicleModel: 'RAV4',
      exactVehicleTrim: 'XLE',
      mustHaveOptions: 'Sunroof, heated seats',
      purchaseTimeframe: 'this-week',
      creditScoreRange: '750+',
      leaseOrPurchase: 'lease',
      monthlyPaymentBudget: 450,
      isCostcoMember: true,
      createdAt: minutesAgo(now, 2),
      status: 'new',
      notification: { status: 'sent', at: minutesAgo(now, 2) },
    },
    {
      id: DEMO_LEAD_IDS[1],
      ...contact('Sam', 'Patel', 2),
      vehiclePreference: 'help',
      bodyStyle: 'SUV',
      mustHaveFeatures: ['4x4/AWD', '7+ passenger seating'],
      purchaseTimeframe: '1-2-weeks',
      creditScoreRange: '700-749',
      leaseOrPurchase: 'not-sure',
      hasTradeIn: true,
      tradeInYear: 2018,
      tradeInMake: 'Honda',
      tradeInModel: 'Pilot',
      tradeInMileage: 72000,
      tradeInCondition: 3,
      tradeInHasLienholder: true,
      tradeInLienholderName: 'Chase',
      tradeInPayoffBalance: 6400,
      additionalNotes: 'Additional trade-ins: #2: 2012 Ford Focus - 120000 miles, Condition: 2',
      createdAt: minutesAgo(now, 12),
      status: 'new',
      notification: { status: 'failed', error: 'Email address is not verified', at: minutesAgo(now, 12) },
    },
    {
      id: DEMO_LEAD_IDS[2],
      ...contact('Jordan', 'Reyes', 3),
      vehiclePreference: 'exact',
      exactVehicleYear: 2025,
      exactVehicleMake: 'BMW',
      exactVehicleModel: 'X3',
      exactVehicleTrim: 'xDrive30',
      workingWithBroker: true,
      brokerId: broker.userId,
      currentlyLeasing: true,
      currentLeaseBrand: 'BMW',
      createdAt: minutesAgo(now, 40),
      status: 'new',
      notification: { status: 'sent', at: minutesAgo(now, 40) },
    },
    {
      id: DEMO_LEAD_IDS[3],
      ...contact('Avery', 'Kim', 4),
      vehiclePreference: 'exact',
      exactVehicleYear: 2026,
      exactVehicleMake: 'Honda',
      exactVehicleModel: 'CR-V',
      exactVehicleTrim: 'EX-L',
      createdAt: minutesAgo(now, 26 * 60),
      status: 'contacted',
      assignedBrokerId: broker.userId,
      assignedBrokerName: broker.fullName,
      assignmentHistory: [
        {
          brokerId: broker.userId,
          brokerName: broker.fullName,
          byId: admin.userId,
          byName: admin.fullName,
          at: minutesAgo(now, 26 * 60 - 3),
          claimed: false,
        },
      ],
      statusHistory: [{ status: 'contacted', byId: broker.userId, byName: broker.fullName, at: minutesAgo(now, 26 * 60 - 4) }],
      notification: { status: 'sent', at: minutesAgo(now, 26 * 60) },
    },
    {
      id: DEMO_LEAD_IDS[4],
      ...contact('Morgan', 'Diaz', 5),
      vehiclePreference: 'help',
      bodyStyle: 'Sedan',
      mustHaveFeatures: ['Fuel efficiency'],
      purchaseTimeframe: 'researching',
      createdAt: minutesAgo(now, 5 * 24 * 60),
      status: 'lost',
      assignedBrokerId: broker.userId,
      assignedBrokerName: broker.fullName,
      assignmentHistory: [
        {
          brokerId: broker.userId,
          brokerName: broker.fullName,
          byId: broker.userId,
          byName: broker.fullName,
          at: minutesAgo(now, 5 * 24 * 60 - 10),
          claimed: true,
        },
      ],
      statusHistory: [
        { status: 'contacted', byId: broker.userId, byName: broker.fullName, at: minutesAgo(now, 5 * 24 * 60 - 12) },
        { status: 'lost', byId: broker.userId, byName: broker.fullName, at: minutesAgo(now, 2 * 24 * 60) },
      ],
      notification: { status: 'sent', at: minutesAgo(now, 5 * 24 * 60) },
    },
    {
      id: DEMO_TRADE_IN_LEAD_ID,
      ...contact('Dana', 'Whitfield', 6),
      vehiclePreference: 'exact',
      exactVehicleYear: 2026,
      exactVehicleMake: 'Toyota',
      exactVehicleModel: 'Camry',
      exactVehicleTrim: 'XSE',
      purchaseTimeframe: '1-2-weeks',
      creditScoreRange: '700-749',
      leaseOrPurchase: 'lease',
      monthlyPaymentBudget: 400,
      workingWithBroker: true,
      brokerId: broker.userId,
      hasTradeIn: true,
      tradeInYear: 2019,
      tradeInMake: 'Honda',
      tradeInModel: 'Accord',
      tradeInMileage: 58000,
      tradeInCondition: 4,
      tradeInHasLienholder: true,
      tradeInLienholderName: 'Chase',
      tradeInPayoffBalance: 8500,
      isCostcoMember: true,
      currentlyLeasing: true,
      currentLeaseBrand: 'Toyota',
      createdAt: minutesAgo(now, 3 * 60),
      status: 'new',
      assignedBrokerId: broker.userId,
      assignedBrokerName: broker.fullName,
      assignmentHistory: [
        {
          brokerId: broker.userId,
          brokerName: broker.fullName,
          byId: 'leasedesk',
          byName: 'LeaseDesk',
          at: minutesAgo(now, 3 * 60),
          claimed: false,
          automatic: true,
        },
      ],
      notification: { status: 'sent', at: minutesAgo(now, 3 * 60) },
      acknowledgement: { channel: 'sms', status: 'sent', at: minutesAgo(now, 3 * 60) },
    },
  ];
  for (const [index, [first, last, daysAgo, outcome, wanted, budget]] of HISTORY.entries()) {
    const minutes = Math.round(daysAgo * 24 * 60);
    const client = clients.find((each) => each.fullName === `${first} ${last}`);
    const status = outcome === 'converted' && !client ? 'contacted' : outcome;
    const byAdmin = index % 3 === 1;
    const exact = typeof wanted !== 'string';
    const vehicle = exact
      ? { exactVehicleYear: 2026, exactVehicleMake: wanted[0], exactVehicleModel: wanted[1], exactVehicleTrim: wanted[2] }
      : { bodyStyle: wanted };
    const worked = (after: number) => minutesAgo(now, minutes - after);
    leads.push({
      id: DEMO_HISTORY_LEAD_IDS[index]!,
      ...contact(first, last, 10 + index),
      vehiclePreference: exact ? 'exact' : 'help',
      ...vehicle,
      purchaseTimeframe: (['this-week', '1-2-weeks', '3-4-weeks', '1-3-months'] as const)[index % 4],
      creditScoreRange: (['750+', '700-749', '650-699'] as const)[index % 3],
      leaseOrPurchase: index % 4 === 3 ? 'not-sure' : 'lease',
      monthlyPaymentBudget: budget,
      ...(index % 3 === 0 ? { isCostcoMember: true } : {}),
      createdAt: minutesAgo(now, minutes),
      status,
      assignedBrokerId: broker.userId,
      assignedBrokerName: broker.fullName,
      assignmentHistory: [
        {
          brokerId: broker.userId,
          brokerName: broker.fullName,
          byId: byAdmin ? admin.userId : broker.userId,
          byName: byAdmin ? admin.fullName : broker.fullName,
          at: worked(4 + index),
          claimed: !byAdmin,
        },
      ],
      statusHistory: [
        { status: 'contacted', byId: broker.userId, byName: broker.fullName, at: worked(9 + index * 3) },
        ...(status === 'contacted' ? [] : [{ status, byId: broker.userId, byName: broker.fullName, at: worked(24 * 60) }]),
      ],
      ...(status === 'converted' ? { convertedClientId: client!.id } : {}),
      notification: { status: 'sent', at: minutesAgo(now, minutes) },
    });
  }
  let created = 0;
  for (const lead of leads) if (await data.leads.create(lead)) created++;
  return created;
}
