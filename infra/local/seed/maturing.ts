/**
 * Demo leases for the "Maturing" view: three closed 36-month leases of the demo broker that started
 * 35, 33 and 31 months ago, so they mature in 1, 3 and 5 months and show on /maturing-deals with their reminder tasks
 * (the deals store makes the ones not yet past). The seed's not-sold deals with a follow-up date get their follow-up
 * task the same way. Fixed ids (their own range of the seed's id epoch), so a second seed writes nothing.
 */
import { ulid } from 'ulid';
import { addMonths } from '@shared/calendar';
import type { Data } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import { dealershipIndexOf, DEALERSHIPS, findModel, leaseDealTerms, leaseInputFor } from './catalog';

const ID_EPOCH = Date.UTC(2026, 0, 1) + 95_000;

const LEASES = [{ monthsLeft: 1 }, { monthsLeft: 3 }, { monthsLeft: 5 }] as const;

export async function seedMaturingLeases(
  data: Data,
  input: {
    brokerId: string;
    clients: { id: string; fullName: string }[];
    vehicles: { make: string; model: string; trim?: string; dealershipId?: string }[];
    now: Date;
  },
): Promise<number> {
  const today = input.now.toISOString().slice(0, 10);
  let created = 0;
  for (const [index, lease] of LEASES.entries()) {
    const client = input.clients[index % input.clients.length]!;
    const vehicle = input.vehicles[index % input.vehicles.length]!;
    const leaseStartDate = addMonths(today, lease.monthsLeft - 36);
    const closedAt = new Date(`${leaseStartDate}T16:00:00.000Z`);
    // Priced like every demo lease (./catalog.ts): the payment is the lease math of the stored desking.
    const entry = findModel(vehicle.make, vehicle.model);
    const terms = leaseDealTerms(
      leaseInputFor(entry, {
        msrp: (entry.trims.find(([trim]) => trim === vehicle.trim) ?? entry.trims[0]!)[1],
        termMonths: 36,
        cashDown: 2_500,
        taxRatePercent: DEALERSHIPS[dealershipIndexOf(vehicle.make)]?.taxRatePercent ?? 0,
      }),
    );
    const fields: DealFields & { id: string } = {
      id: ulid(ID_EPOCH + index, () => 0.5),
      brokerId: input.brokerId,
      clientId: client.id,
      clientName: client.fullName,
      dealershipId: vehicle.dealershipId,
      listing: false,
      year: 2023,
      make: vehicle.make,
      model: vehicle.model,
      trim: vehicle.trim,
      dealType: 'lease',
      status: 'closed',
      isArchived: false,
      ...terms,
      mileageAllowance: 12_000,
      creditAppFormType: 'generic',
      conciergeFee: 500,
      conciergeFeePaid: true,
      dealClosedAt: closedAt.toISOString(),
      leaseStartDate,
      incentives: [],
    };
    if ((await data.deals.create(fields, new Date(closedAt.getTime() - 10 * 86_400_000))).created) created++;
  }
  return created;
}
