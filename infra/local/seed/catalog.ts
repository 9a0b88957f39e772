/**
 * What the demo data is made of: the dealerships and the makes each sells, the models with their trims' MSRPs and the
 * lender programs a broker would quote them on (residual, money factor, fees, the usual discount off MSRP), VIN
 * prefixes with the make's real world manufacturer identifier, and exterior colours. Figures are plausible 2025-2026
 * US prices, not any lender's current program.
 *
 * `leaseQuote` prices a lease with the product's own lease math (shared/lease/calculate.ts), so every demo payment is
 * what the desking panel computes from the inputs the seed stores with it (`desking`).
 */
import { calculateLease, type LeaseInput } from '@shared/lease/calculate';
import { leaseInputSchema } from '@shared/lease/schemas';
import { withVinCheckDigit } from '@shared/vehicles/vin';
import type { BodyStyle } from './photos';

export interface DemoDealership {
  name: string;
  location: string;
  contactName: string;
  website: string;
  /** The makes it sells: its listings and client deals are of these makes only. */
  makes: readonly string[];
  /** Local sales tax on lease payments (client deals are quoted with it; listings are advertised before tax). */
  taxRatePercent: number;
}

/** In this order: the demo dealer works at the first; tests name the first two. */
export const DEALERSHIPS: readonly DemoDealership[] = [
  {
    name: 'Bay Area BMW',
    location: 'San Francisco, CA',
    contactName: 'Morgan Lee',
    website: 'https://bayareabmw.example.com',
    makes: ['BMW'],
    taxRatePercent: 8.625,
  },
  {
    name: 'Lakeside Toyota',
    location: 'Chicago, IL',
    contactName: 'Jordan Patel',
    website: 'https://lakesidetoyota.example.com',
    makes: ['Toyota'],
    taxRatePercent: 10.25,
  },
  {
    name: 'Sunset Honda',
    location: 'Los Angeles, CA',
    contactName: 'Riley Chen',
    website: 'https://sunsethonda.example.com',
    makes: ['Honda'],
    taxRatePercent: 9.5,
  },
  {
    name: 'Liberty Ford',
    location: 'Boston, MA',
    contactName: 'Taylor Brooks',
    website: 'https://libertyford.example.com',
    makes: ['Ford'],
    taxRatePercent: 6.25,
  },
  {
    name: 'Desert Star Mercedes-Benz',
    location: 'Phoenix, AZ',
    contactName: 'Avery Ramos',
    website: 'https://desertstarmb.example.com',
    makes: ['Mercedes-Benz'],
    taxRatePercent: 8.6,
  },
  {
    name: 'Evergreen Audi',
    location: 'Seattle, WA',
    contactName: 'Cameron Diaz',
    website: 'https://evergreenaudi.example.com',
    makes: ['Audi'],
    taxRatePercent: 10.35,
  },
];

/** The dealership (index in DEALERSHIPS) selling a make, or -1: Tesla, Lexus, Hyundai and Kia are sourced by the brokerage itself. */
export const dealershipIndexOf = (make: string): number => DEALERSHIPS.findIndex((dealership) => dealership.makes.includes(make));

export interface DemoModel {
  make: string;
  model: string;
  /** Trim and its MSRP (destination included). */
  trims: readonly (readonly [string, number])[];
  body: BodyStyle;
  /** The lender's 36-month residual at 12,000 miles a year, in percent of MSRP. */
  residualPercent: number;
  moneyFactor: number;
  /** The usual negotiated discount off MSRP, in percent. */
  discountPercent: number;
  /** The lender's acquisition fee (capitalized). */
  acquisitionFee: number;
  /** WMI and vehicle descriptor: the VIN's first 8 characters. */
  vinPrefix: string;
}

const model = (
  make: string,
  name: string,
  trims: DemoModel['trims'],
  body: BodyStyle,
  [residualPercent, moneyFactor, discountPercent, acquisitionFee]: [number, number, number, number],
  vinPrefix: string,
): DemoModel => ({ make, model: name, trims, body, residualPercent, moneyFactor, discountPercent, acquisitionFee, vinPrefix });

/** The marketplace's models, in the order listings cycle through them. */
export const MODELS: readonly DemoModel[] = [
  model(
    'BMW',
    'X5',
    [
      ['xDrive40i', 67_600],
      ['xDrive50e', 74_200],
    ],
    'suv',
    [57, 0.0025, 4, 925],
    '5UXCR6C0',
  ),
  model(
    'BMW',
    '330i',
    [
      ['Sedan', 46_900],
      ['xDrive', 48_900],
    ],
    'sedan',
    [56, 0.0022, 5, 925],
    '3MW5R1J0',
  ),
  model(
    'BMW',
    'i4',
    [
      ['eDrive40', 58_400],
      ['M50 xDrive', 69_700],
    ],
    'fastback',
    [52, 0.0019, 7, 925],
    'WBY73AW0',
  ),
  model(
    'Toyota',
    'RAV4',
    [
      ['XLE', 33_800],
      ['Limited', 39_800],
    ],
    'suv',
    [62, 0.0021, 2, 650],
    '2T3P1RFV',
  ),
  model(
    'Toyota',
    'Camry',
    [
      ['SE', 31_600],
      ['XSE', 34_900],
    ],
    'sedan',
    [60, 0.0019, 3, 650],
    '4T1DAACK',
  ),
  model(
    'Toyota',
    'Highlander',
    [
      ['XLE', 46_000],
      ['Platinum', 53_500],
    ],
    'suv',
    [61, 0.0023, 3, 650],
    '5TDKDRBH',
  ),
  model(
    'Honda',
    'CR-V',
    [
      ['EX-L', 37_200],
      ['Sport Touring Hybrid', 42_000],
    ],
    'suv',
    [63, 0.0021, 2, 595],
    '2HKRS4H7',
  ),
  model(
    'Honda',
    'Accord',
    [
      ['Sport Hybrid', 34_000],
      ['Touring Hybrid', 40_300],
    ],
    'sedan',
    [60, 0.0018, 3, 595],
    '1HGCY1F3',
  ),
  model(
    'Ford',
    'F-150',
    [
      ['XLT', 55_900],
      ['Lariat', 67_500],
    ],
    'truck',
    [60, 0.0027, 8, 645],
    '1FTFW1E5',
  ),
  model(
    'Ford',
    'Mustang Mach-E',
    [
      ['Premium', 49_000],
      ['GT', 56_000],
    ],
    'suv',
    [50, 0.0015, 10, 645],
    '3FMTK3SU',
  ),
  model('Mercedes-Benz', 'GLE 350', [['4MATIC', 65_000]], 'suv', [56, 0.0029, 5, 1_095], '4JGFB4FB'),
  model(
    'Mercedes-Benz',
    'C 300',
    [
      ['Sedan', 49_600],
      ['4MATIC', 51_600],
    ],
    'sedan',
    [55, 0.0028, 5, 1_095],
    'W1KAF4HB',
  ),
  model(
    'Audi',
    'Q5',
    [
      ['Premium Plus', 53_000],
      ['Prestige', 59_500],
    ],
    'suv',
    [58, 0.0024, 5, 895],
    'WA1BAAFY',
  ),
  model(
    'Audi',
    'A4',
    [
      ['Premium', 43_200],
      ['Premium Plus', 47_500],
    ],
    'sedan',
    [55, 0.0022, 6, 895],
    'WAUEAAF4',
  ),
  model(
    'Tesla',
    'Model Y',
    [
      ['Long Range', 46_990],
      ['Performance', 52_490],
    ],
    'suv',
    [54, 0.0032, 0, 695],
    '7SAYGDEE',
  ),
  model(
    'Lexus',
    'RX 350',
    [
      ['Premium', 52_600],
      ['F Sport Handling', 58_900],
    ],
    'suv',
    [64, 0.002, 3, 795],
    '2T2BAMCA',
  ),
  model(
    'Hyundai',
    'Tucson',
    [
      ['SEL', 31_800],
      ['Limited', 38_900],
    ],
    'suv',
    [58, 0.0024, 6, 650],
    '5NMJECDE',
  ),
  model(
    'Kia',
    'Telluride',
    [
      ['EX', 43_500],
      ['SX', 48_000],
    ],
    'suv',
    [60, 0.0026, 3, 695],
    '5XYP5DGC',
  ),
];

/** Models only the demo broker's closed deals use (the performance page's history). */
export const HISTORY_MODELS: readonly DemoModel[] = [
  model('BMW', 'X3', [['xDrive30i', 51_000]], 'suv', [57, 0.0024, 5, 925], '5UX53DP0'),
  model('Mercedes-Benz', 'GLC 300', [['4MATIC', 53_400]], 'suv', [56, 0.0027, 5, 1_095], 'W1NKM4HB'),
];

export function findModel(make: string, name: string): DemoModel {
  const found = [...MODELS, ...HISTORY_MODELS].find((entry) => entry.make === make && entry.model === name);
  if (!found) throw new Error(`No demo model ${make} ${name}`);
  return found;
}

/** Exterior colours: a name for the notes, and the colour the photo is drawn in. */
export const COLOURS: readonly (readonly [string, string])[] = [
  ['Pearl White', '#f2f2ef'],
  ['Midnight Black', '#1c1e22'],
  ['Lunar Silver', '#b8bdc4'],
  ['Graphite Grey', '#585e66'],
  ['Deep Blue', '#1f3c6e'],
  ['Crimson Red', '#9c1c24'],
  ['Glacier Blue', '#5b86b5'],
  ['Forest Green', '#2f4c3c'],
];

/** A 17-character VIN of the model and model year with its check digit (shared/vehicles/vin.ts). */
export function demoVin(entry: DemoModel, year: number, serial: number): string {
  // The model year code (10th character): 2025 is S, 2026 T.
  const yearCode = year === 2025 ? 'S' : 'T';
  return withVinCheckDigit(`${entry.vinPrefix}0${yearCode}A${String(100_000 + serial).slice(-6)}`);
}

/** Lease terms a lender programs: the residual moves with the term. */
export const LEASE_TERMS = [24, 36, 39] as const;
const RESIDUAL_BY_TERM: Record<(typeof LEASE_TERMS)[number], number> = { 24: 5, 36: 0, 39: -2 };

export interface LeaseChoice {
  msrp: number;
  termMonths: (typeof LEASE_TERMS)[number];
  cashDown: number;
  taxRatePercent: number;
  /** A little more or less off MSRP than usual, in percent (a deal's negotiation). */
  extraDiscountPercent?: number;
}

/** The calculator's input a broker would desk for `entry` (checked and defaults filled, as a saved desking is). */
export function leaseInputFor(entry: DemoModel, choice: LeaseChoice): LeaseInput {
  const discount = entry.discountPercent + (choice.extraDiscountPercent ?? 0);
  // Selling prices end in whole tens of dollars, as negotiated prices do.
  const sellingPrice = Math.round((choice.msrp * (1 - discount / 100)) / 10) * 10;
  return leaseInputSchema.parse({
    msrp: choice.msrp,
    sellingPrice,
    // Lenders' residuals stay within 50-65% whatever the term.
    residualPercent: Math.min(65, Math.max(50, entry.residualPercent + RESIDUAL_BY_TERM[choice.termMonths])),
    moneyFactor: entry.moneyFactor,
    termMonths: choice.termMonths,
    capitalizedFees: entry.acquisitionFee,
    // Documentation fee and registration, paid at signing.
    upfrontFees: 85 + Math.round(choice.msrp * 0.009),
    cashDown: choice.cashDown,
    taxRatePercent: choice.taxRatePercent,
    taxMethod: 'monthly',
  });
}

/** The deal fields a priced lease sets: each one what calculateLease makes of `desking`. */
export function leaseDealTerms(desking: LeaseInput) {
  const quote = calculateLease(desking);
  return {
    desking,
    msrp: desking.msrp,
    monthlyPayment: quote.monthlyPayment,
    downPayment: desking.cashDown ?? 0,
    totalDueAtSigning: quote.driveOff,
    termMonths: desking.termMonths,
    moneyFactor: desking.moneyFactor,
    apr: quote.effectiveApr,
  };
}

/** A loan's monthly payment (standard amortisation), to the cent. */
export function loanPayment(principal: number, aprPercent: number, months: number): number {
  const rate = aprPercent / 1200;
  return Math.round(((principal * rate) / (1 - (1 + rate) ** -months)) * 100) / 100;
}
