/**
 * What a save of the deal forms may change, per role (docs/decisions.md, "Deals"). Pure: the services read the
 * table, these decide. Every deal attribute a save writes comes from an explicit list here; anything else a body
 * carries (another broker's id, `createdAt`, `conciergeFeePaid`, `closed` from a broker) changes nothing.
 *
 * - dealers: the vehicle, its terms, the trade-in, notes and the "everyone" statuses of their dealership's deals;
 * - brokers: also the client, the dealership, the lead source, the credit score, the broker fees and not sold;
 * - admins: also the broker, finalized and closed, and the concierge fee.
 * The status is settled by `canSaveStatus`, the concierge fee by `conciergeFeeToSave` and the not-sold fields by
 * `notSoldFieldsToSave` (shared/deals/rules.ts), for every role alike.
 */
import type { Role } from '@shared/auth/roles';
import type { StatusOption } from '@shared/deals/rules';
import {
  STATUS_OPTION_LABELS,
  canSaveStatus,
  conciergeFeeToSave,
  effectiveApr,
  notSoldFieldsToSave,
  statusesSelectableBy,
  totalBrokerFee,
} from '@shared/deals/rules';
import type { DealCreate, DealUpdate } from '@shared/deals/schemas';
import type { Deal, DealFields } from '@functions/domain/deals/deals';

type FormFields = DealUpdate & Partial<Pick<DealCreate, 'creditAppFormType' | 'sourceVehicleId' | 'sourceLeadId'>>;
type FormField = keyof FormFields;

/** The vehicle, its terms, the trade-in and notes: every role that edits a deal may change these. */
const VEHICLE_AND_TERMS = [
  'year',
  'make',
  'model',
  'trim',
  'vin',
  'imageUrl',
  'expirationDate',
  'dealType',
  'monthlyPayment',
  'downPayment',
  'totalDueAtSigning',
  'termMonths',
  'mileageAllowance',
  'apr',
  'moneyFactor',
  'incentives',
  'hasTradeIn',
  'tradeInYear',
  'tradeInMake',
  'tradeInModel',
  'tradeInMileage',
  'tradeInCondition',
  'tradeInHasLienholder',
  'tradeInLienholder',
  'tradeInPayoffBalance',
  'notes',
] as const satisfies readonly FormField[];

const BROKER_FIELDS = [
  ...VEHICLE_AND_TERMS,
  'clientId',
  'dealershipId',
  'heardAboutUs',
  'heardAboutUsReferral',
  'heardAboutUsAffinity',
  'creditScoreRange',
  'brokerFeeDealer',
  'brokerFeeClient',
  'desking',
  'program',
  // A finalized or closed lease's start (it dates the maturity reminders); the deals store clears it on any other deal.
  'leaseStartDate',
] as const satisfies readonly FormField[];

/** The fields each role's edit copies from the form. The broker is an admin's to change once the deal exists. */
export const EDITABLE_FIELDS: Record<Role, readonly FormField[]> = {
  admin: [...BROKER_FIELDS, 'brokerId'],
  broker: BROKER_FIELDS,
  dealer: VEHICLE_AND_TERMS,
  consumer: [],
};

/** The fields a create copies from the form (admins and brokers; the broker is chosen on the create form). */
export const CREATABLE_FIELDS: readonly FormField[] = [
  ...BROKER_FIELDS,
  'brokerId',
  'creditAppFormType',
  'sourceVehicleId',
  'sourceLeadId',
];

/** Who may set the not-sold fields (the roles that may choose not sold). */
const SETS_NOT_SOLD: Record<Role, boolean> = { admin: true, broker: true, dealer: false, consumer: false };

const absentIfNull = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** `form` reduced to `names`, with nulls as absent attributes (the table stores no nulls). */
function copyFields(form: FormFields, names: readonly FormField[]): Partial<DealFields> {
  return Object.fromEntries(
    names.filter((name) => name in form).map((name) => [name, absentIfNull(form[name] as unknown)]),
  ) as Partial<DealFields>;
}

export type StatusDecision = { ok: true } | { ok: false; status: Deal['status'] };

/**
 * The deal a save produces from `before` (absent for a create) and the form, for `role`, before the server adds
 * what it looks up (client name, broker default). Returns `statusDenied` when the role may not save the status.
 */
export function dealAfterSave(input: {
  role: Role;
  form: FormFields;
  before?: Deal;
  now: Date;
}): { ok: true; fields: DealFields } | { ok: false; statusDenied: Deal['status'] } {
  const { role, form, before, now } = input;
  const status = form.status;
  if (!canSaveStatus(role, status, before?.status)) return { ok: false, statusDenied: status };

  const copied = copyFields(form, before ? EDITABLE_FIELDS[role] : CREATABLE_FIELDS);
  const merged = { ...(before ?? {}), ...copied } as DealFields;
  // A dealer cannot choose not sold, but may keep a not-sold deal's status unchanged: its not-sold fields stay.
  const notSoldSource = SETS_NOT_SOLD[role] ? form : pickNotSold(before);
  const notSold = notSoldFieldsToSave(status, notSoldSource);
  const conciergeFee = conciergeFeeToSave({
    role,
    status,
    fee: form.conciergeFee,
    current: before ? { status: before.status, conciergeFee: before.conciergeFee ?? null } : undefined,
  });

  const fields: DealFields = {
    ...merged,
    status,
    // A deal always has a broker: an admin's edit that leaves the broker blank keeps the current one (a create
    // defaults to the caller later, where the caller is known).
    brokerId: before && !merged.brokerId ? before.brokerId : merged.brokerId,
    apr: effectiveApr({ dealType: merged.dealType, moneyFactor: merged.moneyFactor ?? null, apr: merged.apr ?? 0 }),
    brokerFeeTotal: totalBrokerFee(merged.brokerFeeDealer, merged.brokerFeeClient),
    notSoldReason: absentIfNull(notSold.notSoldReason),
    followUpDate: absentIfNull(notSold.followUpDate),
    notSoldNotes: absentIfNull(notSold.notSoldNotes),
    conciergeFee,
    conciergeFeePaid: before?.conciergeFeePaid ?? false,
    dealClosedAt: dealClosedAt(before, status, now),
    // A deal brought back from expired is live again: the expiry job archived it, so a new status unarchives it.
    isArchived: before ? before.isArchived && !(before.status === 'expired' && status !== 'expired') : false,
  };
  return { ok: true, fields };
}

function pickNotSold(deal: Deal | undefined) {
  return {
    notSoldReason: deal?.notSoldReason ?? null,
    followUpDate: deal?.followUpDate ?? null,
    notSoldNotes: deal?.notSoldNotes ?? null,
  };
}

/** Set when a deal becomes closed, kept while it stays closed, cleared when it leaves closed. */
export function dealClosedAt(before: Pick<Deal, 'status' | 'dealClosedAt'> | undefined, status: Deal['status'], now: Date) {
  if (status !== 'closed') return undefined;
  return before?.status === 'closed' && before.dealClosedAt ? before.dealClosedAt : now.toISOString();
}

/** The status options of the edit form: the role's, plus the deal's own when the role may keep it (finalized for a broker). */
export function statusOptionsFor(role: Role, current: Deal['status']): StatusOption[] {
  const options = statusesSelectableBy(role);
  if (options.some((option) => option.value === current) || !canSaveStatus(role, current, current)) return options;
  return [{ value: current, label: STATUS_OPTION_LABELS[current] }, ...options];
}
