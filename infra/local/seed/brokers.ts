/**
 * The brokers part of the demo data: closed deals of the demo broker in each of the last 6 months (the current
 * one included), so that the performance page's cards and charts have shape on a fresh stack. They are written
 * through the deals store like every other deal, so the broker-month figures are kept by the same transaction
 * (nothing is backfilled by hand). The main seed already holds the pending demo broker.
 *
 * Deterministic and idempotent like the rest of the seed: fixed ids from the seed's epoch and a conditional create.
 */
import { ulid } from 'ulid';
import { addMonths, monthOfDate } from '@shared/brokers/stats';
import { LEAD_SOURCES } from '@shared/deals/enums';
import type { Data } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import { dealershipIndexOf, DEALERSHIPS, demoVin, findModel, leaseDealTerms, leaseInputFor } from './catalog';

/** Closed deals per month, oldest month first: a rising trend with one dip, as real months go. */
const CLOSED_PER_MONTH = [2, 3, 2, 4, 3, 2];
/** Make and model (./catalog.ts prices them). */
const VEHICLES: [string, string][] = [
  ['Toyota', 'RAV4'],
  ['BMW', 'X3'],
  ['Honda', 'Accord'],
  ['Audi', 'Q5'],
  ['Mercedes-Benz', 'GLC 300'],
];

export interface BrokerSeedInput {
  brokerId: string;
  /** Clients and dealerships of the main seed, used in turn. */
  clients: { id: string; fullName: string }[];
  dealershipIds: string[];
  /** The dealership selling a make, when the main seed knows it: a deal is at the dealership selling its make. */
  dealershipOfMake?: (make: string) => string | undefined;
  /** The seed's epoch: ids embed it, not the run's time, so they are the same on every machine. */
  idEpoch: number;
}

/** The demo broker's closed deals of the last 6 months; returns how many it created. */
export async function seedBrokerPerformance(data: Data, input: BrokerSeedInput, now: Date): Promise<number> {
  let created = 0;
  let sequence = 0;
  const currentMonth = monthOfDate(now);
  for (const [offset, count] of CLOSED_PER_MONTH.entries()) {
    const month = addMonths(currentMonth, offset - (CLOSED_PER_MONTH.length - 1));
    const monthStart = Date.parse(`${month}-01T00:00:00.000Z`);
    for (let index = 0; index < count; index++, sequence++) {
      // Spread over the month, never after now (the current month is only part gone).
      const closedAt = new Date(Math.min(monthStart + (3 + index * 8) * 86_400_000 + 15 * 3_600_000, now.getTime() - 3_600_000));
      const createdAt = new Date(closedAt.getTime() - (9 + (sequence % 5) * 4) * 86_400_000);
      const [make, model] = VEHICLES[sequence % VEHICLES.length]!;
      const entry = findModel(make, model);
      const [trim, msrp] = entry.trims[0]!;
      const terms = leaseDealTerms(
        leaseInputFor(entry, {
          msrp,
          termMonths: sequence % 4 === 2 ? 24 : 36,
          cashDown: 2_000 + (sequence % 3) * 500,
          taxRatePercent: DEALERSHIPS[dealershipIndexOf(make)]?.taxRatePercent ?? 0,
        }),
      );
      const client = input.clients[sequence % input.clients.length]!;
      const dealerFee = 300 + (sequence % 4) * 125;
      const clientFee = 250 + (sequence % 3) * 150;
      const fields: DealFields & { id: string } = {
        id: ulid(input.idEpoch + 90_000 + sequence, () => ((sequence * 7919) % 997) / 997),
        brokerId: input.brokerId,
        clientId: client.id,
        clientName: client.fullName,
        dealershipId: input.dealershipOfMake?.(make) ?? input.dealershipIds[sequence % input.dealershipIds.length],
        listing: false,
        year: 2026,
        make,
        model,
        trim,
        vin: demoVin(entry, 2026, 900 + sequence),
        dealType: 'lease',
        status: 'closed',
        // A deal done: out of the active marketplace, kept in its archive.
        isArchived: true,
        ...terms,
        mileageAllowance: 12_000,
        heardAboutUs: LEAD_SOURCES[(sequence + 2) % LEAD_SOURCES.length],
        brokerFeeDealer: dealerFee,
        brokerFeeClient: clientFee,
        brokerFeeTotal: dealerFee + clientFee,
        creditAppFormType: 'generic',
        conciergeFee: 500,
        conciergeFeePaid: true,
        dealClosedAt: closedAt.toISOString(),
        incentives: [],
      };
      if ((await data.deals.create(fields, createdAt)).created) created++;
    }
  }
  return created;
}
