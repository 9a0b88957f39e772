/**
 * The pure rules of the deal form (docs/decisions.md, "Deal form"), tested without a browser: what the form
 * starts from (a blank deal, a marketplace vehicle, a saved deal), which statuses it offers to whom, when the
 * concierge fee may be typed, the lease APR, and what a save sends. The shared schemas and rules.ts hold the
 * rules themselves; this module only applies them to the form.
 */
import type { Role } from '@shared/auth/roles';
import { DEFAULT_CREDIT_APP_FORM_TYPE, DEFAULT_DEAL_STATUS, DEFAULT_DEAL_TYPE } from '@shared/constants';
import type { DealDetail } from '@shared/deals/api';
import { DEAL_CREATE_STATUSES, type DealStatus, type DealType } from '@shared/deals/enums';
import { STATUS_OPTION_LABELS, aprFromMoneyFactor, canSetStatus, type StatusOption } from '@shared/deals/rules';
import type { DealCreateInput, DealUpdateInput } from '@shared/deals/schemas';
import type { DefaultValues } from 'react-hook-form';
import type { MarketplaceVehicleDetail } from '@shared/marketplace/api';
import type { User } from '@web/lib/auth';

// ---------------------------------------------------------------------------------------------------------------
// Who may use the create form

/**
 * Why the caller cannot create deals, or null when they can (admins, and brokers once approved and
 * licensed). The server refuses the others anyway; the page says why instead of offering a form that would fail.
 */
export function createDealBlockedReason(user: Pick<User, 'role' | 'broker'>): string | null {
  if (user.role === 'admin') return null;
  if (user.role !== 'broker') return 'Only admins and brokers can create deals.';
  if (user.broker?.isApproved !== true) {
    return 'Your broker account is waiting for an admin to approve it. You can create deals once it is approved.';
  }
  if (user.broker.isLicensed !== true) {
    return 'You can create deals once an admin has added your licence information to your profile.';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Starting values

/**
 * What the form starts from: the schema's input, where a number nobody has typed yet is undefined (the schema then
 * says it is required). Blank text inputs hold '' (the schemas read blanks as null).
 */
export type DealCreateStart = DefaultValues<DealCreateInput>;
export type DealEditStart = DefaultValues<DealUpdateInput>;

const text = (value: string | null | undefined): string => value ?? '';
const num = (value: number | null | undefined): number | undefined => value ?? undefined;

/** A new deal: lease, available, generic credit form, the caller as broker (a broker's own deals by default). */
export function blankDeal({
  user,
  clientId,
}: {
  user: Pick<User, 'role' | 'userId'>;
  clientId?: string | null;
}): DealCreateStart {
  return {
    clientId: text(clientId),
    dealershipId: '',
    year: undefined,
    make: '',
    model: '',
    trim: '',
    vin: '',
    imageUrl: '',
    expirationDate: '',
    dealType: DEFAULT_DEAL_TYPE,
    status: DEFAULT_DEAL_STATUS,
    monthlyPayment: undefined,
    downPayment: undefined,
    totalDueAtSigning: undefined,
    termMonths: undefined,
    mileageAllowance: undefined,
    apr: undefined,
    moneyFactor: undefined,
    incentives: [],
    heardAboutUs: '',
    heardAboutUsReferral: '',
    heardAboutUsAffinity: '',
    creditScoreRange: '',
    hasTradeIn: false,
    tradeInYear: undefined,
    tradeInMake: '',
    tradeInModel: '',
    tradeInMileage: undefined,
    tradeInCondition: '',
    tradeInHasLienholder: false,
    tradeInLienholder: '',
    tradeInPayoffBalance: undefined,
    // An admin is not an assignable broker: blank lets the server apply its default (the caller).
    brokerId: user.role === 'broker' ? user.userId : '',
    brokerFeeDealer: undefined,
    brokerFeeClient: undefined,
    notes: '',
    notSoldReason: '',
    followUpDate: '',
    notSoldNotes: '',
    conciergeFee: undefined,
    addToMarketplace: false,
    creditAppFormType: DEFAULT_CREDIT_APP_FORM_TYPE,
    sourceVehicleId: '',
    sourceLeadId: '',
  };
}

/** A new deal for a marketplace vehicle: its vehicle, terms, incentives and dealership, and the vehicle recorded. */
export function dealFromVehicle(deal: DealCreateStart, vehicle: MarketplaceVehicleDetail): DealCreateStart {
  return {
    ...deal,
    sourceVehicleId: vehicle.id,
    dealershipId: text(vehicle.dealershipId),
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    trim: text(vehicle.trim),
    vin: text(vehicle.vin),
    imageUrl: text(vehicle.imageUrl),
    monthlyPayment: vehicle.monthlyPayment,
    downPayment: vehicle.downPayment,
    totalDueAtSigning: num(vehicle.totalDueAtSigning),
    termMonths: vehicle.termMonths,
    mileageAllowance: num(vehicle.mileageAllowance),
    apr: num(vehicle.apr),
    incentives: vehicle.incentives as DealCreateInput['incentives'],
  };
}

/** The edit form over a saved deal: every field as stored, blanks as the inputs hold them. */
export function dealToEdit({ deal }: Pick<DealDetail, 'deal'>): DealEditStart {
  return {
    clientId: text(deal.clientId),
    dealershipId: text(deal.dealershipId),
    year: deal.year,
    make: deal.make,
    model: deal.model,
    trim: text(deal.trim),
    vin: text(deal.vin),
    imageUrl: text(deal.imageUrl),
    expirationDate: text(deal.expirationDate),
    dealType: deal.dealType,
    status: deal.status,
    monthlyPayment: deal.monthlyPayment,
    downPayment: deal.downPayment,
    totalDueAtSigning: num(deal.totalDueAtSigning),
    termMonths: deal.termMonths,
    mileageAllowance: num(deal.mileageAllowance),
    apr: num(deal.apr),
    moneyFactor: num(deal.moneyFactor),
    incentives: deal.incentives as DealUpdateInput['incentives'],
    heardAboutUs: text(deal.heardAboutUs),
    heardAboutUsReferral: text(deal.heardAboutUsReferral),
    heardAboutUsAffinity: text(deal.heardAboutUsAffinity),
    creditScoreRange: text(deal.creditScoreRange),
    hasTradeIn: deal.hasTradeIn,
    tradeInYear: num(deal.tradeInYear),
    tradeInMake: text(deal.tradeInMake),
    tradeInModel: text(deal.tradeInModel),
    tradeInMileage: num(deal.tradeInMileage),
    tradeInCondition: text(deal.tradeInCondition),
    tradeInHasLienholder: deal.tradeInHasLienholder,
    tradeInLienholder: text(deal.tradeInLienholder),
    tradeInPayoffBalance: num(deal.tradeInPayoffBalance),
    brokerId: deal.brokerId,
    brokerFeeDealer: num(deal.brokerFeeDealer),
    brokerFeeClient: num(deal.brokerFeeClient),
    notes: text(deal.notes),
    notSoldReason: text(deal.notSoldReason),
    followUpDate: text(deal.followUpDate),
    notSoldNotes: text(deal.notSoldNotes),
    leaseStartDate: text(deal.leaseStartDate),
    conciergeFee: deal.conciergeFee,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Status

/**
 * The statuses the status field lists. Create: available, pending, active and closed for everyone (but
 * closed is then refused to non-admins with "Permission Denied", see canChooseStatus). Edit: the options the server
 * sent for the caller's role, plus the deal's own status when the role could not choose it (a broker opening a
 * finalized deal sees "Finalized" rather than an empty field; the server lets it be saved unchanged).
 */
export function statusChoices(
  mode: 'create' | 'edit',
  options: { statusOptions?: readonly StatusOption[]; current?: DealStatus } = {},
): StatusOption[] {
  if (mode === 'create') return DEAL_CREATE_STATUSES.map((value) => ({ value, label: STATUS_OPTION_LABELS[value] }));
  const offered = [...(options.statusOptions ?? [])];
  const { current } = options;
  if (current && !offered.some((option) => option.value === current)) {
    offered.unshift({ value: current, label: STATUS_OPTION_LABELS[current] });
  }
  return offered;
}

/** Whether `role` may pick `status` on the form; closed is the admins' (the others get "Permission Denied"). */
export function canChooseStatus(role: Role, status: DealStatus, current?: DealStatus): boolean {
  return status === current || canSetStatus(role, status);
}

// ---------------------------------------------------------------------------------------------------------------
// Concierge fee

export type ConciergeFeeAccess = 'hidden' | 'editable' | 'read-only';

/**
 * The concierge fee field: shown for finalized and closed deals; an admin types it while the deal
 * is finalized; it is read-only when closed (locked: move the deal back to finalized to change it) and for everyone
 * but admins.
 */
export function conciergeFeeAccess(role: Role, status: DealStatus | undefined): ConciergeFeeAccess {
  if (status !== 'finalized' && status !== 'closed') return 'hidden';
  return role === 'admin' && status === 'finalized' ? 'editable' : 'read-only';
}

// ---------------------------------------------------------------------------------------------------------------
// Terms

/**
 * The APR the form shows for a lease with a money factor (money factor x 2400, 2 decimals), or undefined when the
 * APR is typed (not a lease, no money factor yet, or a money factor that is not a number).
 */
export function derivedApr(dealType: DealType | undefined, moneyFactor: unknown): number | undefined {
  if (dealType !== 'lease' || typeof moneyFactor !== 'number' || !Number.isFinite(moneyFactor)) return undefined;
  return aprFromMoneyFactor(moneyFactor);
}

interface SavedTerms {
  dealType: DealType;
  moneyFactor: number | null;
  apr: number;
  heardAboutUs: string | null;
  heardAboutUsReferral: string | null;
  heardAboutUsAffinity: string | null;
}

/**
 * What a save sends, from the schema's output: the money factor only on a lease (whose APR it then sets), and the
 * referrer and affinity program only under the lead source that asks for them (the inputs are hidden otherwise,
 * so what they held is not the broker's answer any more).
 */
export function dealToSave<T extends SavedTerms>(deal: T): T {
  const moneyFactor = deal.dealType === 'lease' ? deal.moneyFactor : null;
  return {
    ...deal,
    moneyFactor,
    apr: moneyFactor == null ? deal.apr : aprFromMoneyFactor(moneyFactor),
    heardAboutUsReferral: deal.heardAboutUs === 'Referral' ? deal.heardAboutUsReferral : null,
    heardAboutUsAffinity: deal.heardAboutUs === 'Affinity Program' ? deal.heardAboutUsAffinity : null,
  };
}
