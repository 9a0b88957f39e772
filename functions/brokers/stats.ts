/**
 * The performance figures of a month and its 6-month series, from the broker-month items kept on deal writes
 * (functions/domain/deals/broker-stats.ts) and the commission ledger's months (functions/domain/commission): one
 * Query each for the 6 months of every broker, plus the approved brokers' profiles for names. Nothing here reads
 * deals, so a month costs the same whatever the table holds. Commission is what the month's ledger entries sum to
 * (docs/decisions.md, "Commission ledger"): changing a broker's rate never moves a past month.
 */
import {
  FUTURE_MONTH_MESSAGE,
  STATS_SERIES_MONTHS,
  type BrokerMonthStats,
  type BrokerStatsResponse,
  type MonthFigures,
  type SeriesPoint,
} from '@shared/brokers/api';
import { isAfterMonth, monthOfDate, monthsEndingAt, wholeDollars, type Commission } from '@shared/brokers/stats';
import type { BrokerMonth } from './data/broker-stats';
import { BadRequestError } from '@functions/lib/errors';
import type { BrokerServices } from './deps';

export interface StatsBroker extends Commission {
  brokerId: string;
  fullName: string;
}

/** A broker's figures of one month as shown: whole dollars; commission is what the month's ledger entries sum to. */
export function monthFigures(
  month: Pick<BrokerMonth, 'dealsCreated' | 'dealsClosed' | 'feeCents'> | undefined,
  earnedCents: number | undefined,
): MonthFigures {
  const figures = month ?? { dealsCreated: 0, dealsClosed: 0, feeCents: 0 };
  return {
    dealsCreated: figures.dealsCreated,
    dealsClosed: figures.dealsClosed,
    fees: wholeDollars(figures.feeCents),
    commission: wholeDollars(earnedCents ?? 0),
  };
}

export function brokerMonthStats(
  broker: StatsBroker,
  month: BrokerMonth | undefined,
  earnedCents: number | undefined,
): BrokerMonthStats {
  return {
    brokerId: broker.brokerId,
    fullName: broker.fullName,
    commissionType: broker.commissionType ?? null,
    commissionValue: broker.commissionValue ?? null,
    ...monthFigures(month, earnedCents),
  };
}

function sum(figures: MonthFigures[]): MonthFigures {
  return figures.reduce(
    (total, next) => ({
      dealsCreated: total.dealsCreated + next.dealsCreated,
      dealsClosed: total.dealsClosed + next.dealsClosed,
      fees: total.fees + next.fees,
      commission: total.commission + next.commission,
    }),
    { dealsCreated: 0, dealsClosed: 0, fees: 0, commission: 0 },
  );
}

const point = (month: string, { dealsClosed, fees, commission }: MonthFigures): SeriesPoint => ({
  month,
  dealsClosed,
  fees,
  commission,
});

/** The brokers shown: every approved broker, then anyone else with figures in the window (by name). */
export async function statsBrokers(rows: { brokerId: string }[], services: BrokerServices): Promise<StatsBroker[]> {
  const { users, brokers } = services.data;
  const approved = await users.listBrokers(true);
  const shown: StatsBroker[] = approved.map((profile) => ({
    brokerId: profile.userId,
    fullName: profile.fullName ?? profile.email ?? profile.userId,
    commissionType: profile.commissionType,
    commissionValue: profile.commissionValue,
  }));
  const known = new Set(shown.map(({ brokerId }) => brokerId));
  const others = [...new Set(rows.map(({ brokerId }) => brokerId))].filter((id) => !known.has(id));
  if (others.length === 0) return shown;

  // A revoked broker keeps their figures (their profile has the commission); a deal's broker may also be an admin
  // who created it for themself (a user without a broker profile: no commission).
  const [profiles, people] = await Promise.all([brokers.profiles(others), brokers.users(others)]);
  const profileOf = new Map(profiles.map((profile) => [profile.userId, profile]));
  const nameOf = new Map(people.map((user) => [user.userId, user.fullName]));
  const extra = others
    .map((brokerId) => {
      const profile = profileOf.get(brokerId);
      return {
        brokerId,
        fullName: nameOf.get(brokerId) ?? profile?.fullName ?? profile?.email ?? 'Former user',
        commissionType: profile?.commissionType,
        commissionValue: profile?.commissionValue,
      };
    })
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
  return [...shown, ...extra];
}

export async function brokerStats(month: string | undefined, services: BrokerServices, now: Date): Promise<BrokerStatsResponse> {
  const currentMonth = monthOfDate(now);
  const shownMonth = month ?? currentMonth;
  if (isAfterMonth(shownMonth, currentMonth)) throw new BadRequestError(FUTURE_MONTH_MESSAGE, { month: FUTURE_MONTH_MESSAGE });

  const months = monthsEndingAt(shownMonth, STATS_SERIES_MONTHS);
  const [rows, ledger] = await Promise.all([
    services.data.brokerStats.months(months[0]!, shownMonth),
    services.data.commission.months(months[0]!, shownMonth),
  ]);
  // A broker with ledger entries but no deal figures in the window (an adjustment only) is shown too.
  const brokers = await statsBrokers([...rows, ...ledger], services);

  const rowOf = new Map(rows.map((row) => [`${row.month}#${row.brokerId}`, row]));
  const earnedOf = new Map(ledger.map((row) => [`${row.month}#${row.brokerId}`, row.earnedCents]));
  const figuresOf = (broker: StatsBroker, inMonth: string) =>
    monthFigures(rowOf.get(`${inMonth}#${broker.brokerId}`), earnedOf.get(`${inMonth}#${broker.brokerId}`));

  return {
    month: shownMonth,
    currentMonth,
    brokers: brokers.map((broker) =>
      brokerMonthStats(broker, rowOf.get(`${shownMonth}#${broker.brokerId}`), earnedOf.get(`${shownMonth}#${broker.brokerId}`)),
    ),
    team: sum(brokers.map((broker) => figuresOf(broker, shownMonth))),
    series: {
      months,
      perBroker: brokers.map((broker) => ({
        brokerId: broker.brokerId,
        points: months.map((inMonth) => point(inMonth, figuresOf(broker, inMonth))),
      })),
      team: months.map((inMonth) => point(inMonth, sum(brokers.map((broker) => figuresOf(broker, inMonth))))),
    },
  };
}
