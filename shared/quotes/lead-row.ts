/**
 * Turns a validated quote intake into the quote_leads row (every column, in camelCase). Fields the wizard hid are not
 * stored (exact-vehicle fields for "help me figure it out" and the other way round, the agent when not
 * working with one, lienholder details when nothing is owed, the lease brand when not leasing). Only the
 * first trade-in fills the trade-in columns; the others are written into additional_notes.
 */
import type {
  BodyStyle,
  FeatureOption,
  LeaseOrPurchase,
  PreferredContactMethod,
  PurchaseTimeframe,
  QuoteCreditScoreRange,
  TruckConfiguration,
  VehiclePreference,
} from './enums';
import type { QuoteIntake, QuoteTradeIn } from './schemas';

export interface QuoteLeadRow {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zipCode: string;
  preferredContactMethod: PreferredContactMethod | null;
  vehiclePreference: VehiclePreference;
  exactVehicleYear: number | null;
  exactVehicleMake: string | null;
  exactVehicleModel: string | null;
  exactVehicleTrim: string | null;
  bodyStyle: BodyStyle | null;
  /** The ticked features, plus the truck configuration ("2 Door" / "4 Door") for a truck. */
  mustHaveFeatures: (FeatureOption | TruckConfiguration)[];
  mustHaveOptions: string | null;
  creditScoreRange: QuoteCreditScoreRange | null;
  purchaseTimeframe: PurchaseTimeframe | null;
  monthlyPaymentBudget: number | null;
  leaseOrPurchase: LeaseOrPurchase | null;
  brokerId: string | null;
  workingWithBroker: boolean;
  hasTradeIn: boolean;
  tradeInYear: number | null;
  tradeInMake: string | null;
  tradeInModel: string | null;
  tradeInMileage: number | null;
  tradeInCondition: number | null;
  tradeInHasLienholder: boolean;
  tradeInLienholderName: string | null;
  tradeInPayoffBalance: number | null;
  hasCosigner: boolean;
  hasPriorAutoLoan: boolean;
  isMilitary: boolean;
  isAaaMember: boolean;
  isCostcoMember: boolean;
  isCollegeStudent: boolean;
  isFirstResponder: boolean;
  currentlyLeasing: boolean;
  currentLeaseBrand: string | null;
  additionalNotes: string | null;
}

export const ADDITIONAL_TRADE_INS_PREFIX = 'Additional trade-ins:';

/** "#2: 2019 Honda Civic - 45000 miles, Condition: 3"; `position` counts from 1 over all trade-ins. */
export function describeTradeIn(tradeIn: QuoteTradeIn, position: number): string {
  const vehicle = [tradeIn.year, tradeIn.make, tradeIn.model].filter((part) => part != null && part !== '').join(' ');
  return `#${position}: ${vehicle} - ${tradeIn.mileage ?? 'unknown'} miles, Condition: ${tradeIn.condition ?? 'unknown'}`;
}

/** The system text for trade-ins beyond the first, or null when there are none. */
export function additionalTradeInsNote(tradeIns: readonly QuoteTradeIn[]): string | null {
  if (tradeIns.length < 2) return null;
  const entries = tradeIns.slice(1).map((tradeIn, index) => describeTradeIn(tradeIn, index + 2));
  return `${ADDITIONAL_TRADE_INS_PREFIX} ${entries.join('; ')}`;
}

export function toQuoteLeadRow(intake: QuoteIntake): QuoteLeadRow {
  const exact = intake.vehiclePreference === 'exact';
  const tradeIns = intake.hasTradeIn ? intake.tradeIns : [];
  const first = tradeIns[0];
  const owes = first?.hasLienholder ?? false;
  const truckConfiguration = !exact && intake.bodyStyle === 'Truck' ? intake.truckConfiguration : null;

  return {
    firstName: intake.firstName,
    lastName: intake.lastName,
    email: intake.email,
    phone: intake.phone,
    zipCode: intake.zipCode,
    preferredContactMethod: intake.preferredContactMethod,
    vehiclePreference: intake.vehiclePreference,
    exactVehicleYear: exact ? intake.exactYear : null,
    exactVehicleMake: exact ? intake.exactMake : null,
    exactVehicleModel: exact ? intake.exactModel : null,
    exactVehicleTrim: exact ? intake.exactTrim : null,
    bodyStyle: exact ? null : intake.bodyStyle,
    mustHaveFeatures: exact ? [] : [...(truckConfiguration ? [truckConfiguration] : []), ...intake.mustHaveFeatures],
    mustHaveOptions: exact ? intake.mustHaveOptions : null,
    creditScoreRange: intake.creditScoreRange,
    purchaseTimeframe: intake.purchaseTimeframe,
    monthlyPaymentBudget: intake.monthlyPaymentBudget,
    leaseOrPurchase: intake.leaseOrPurchase,
    brokerId: intake.workingWithBroker ? intake.brokerId : null,
    workingWithBroker: intake.workingWithBroker,
    hasTradeIn: intake.hasTradeIn,
    tradeInYear: first?.year ?? null,
    tradeInMake: first?.make ?? null,
    tradeInModel: first?.model ?? null,
    tradeInMileage: first?.mileage ?? null,
    tradeInCondition: first?.condition ?? null,
    tradeInHasLienholder: owes,
    tradeInLienholderName: owes ? (first?.lienholderName ?? null) : null,
    tradeInPayoffBalance: owes ? (first?.payoffBalance ?? null) : null,
    hasCosigner: intake.hasCosigner,
    hasPriorAutoLoan: intake.hasPriorAutoLoan,
    isMilitary: intake.isMilitary,
    isAaaMember: intake.isAaaMember,
    isCostcoMember: intake.isCostcoMember,
    isCollegeStudent: intake.isCollegeStudent,
    isFirstResponder: intake.isFirstResponder,
    currentlyLeasing: intake.currentlyLeasing,
    currentLeaseBrand: intake.currentlyLeasing ? intake.currentLeaseBrand : null,
    additionalNotes: additionalTradeInsNote(tradeIns),
  };
}
