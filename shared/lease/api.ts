/**
 * Request and response shapes of the lease feature's public route (shared/api/routes.ts, feature `lease`), used by
 * its handler, the OpenAPI document for dealer sites and the web client.
 *
 * - POST /lease/calculate   a LeaseInput priced as a LeaseQuote (shared/lease/calculate.ts, docs/lease-math.md)
 *
 * Abuse (docs/decisions.md, "Lease"): the route's API Gateway throttle, a per-source limit and a body limit.
 */
import * as z from 'zod';
import { leaseInputProblem } from './calculate';
import { leaseInputSchema, type ParsedLeaseInput } from './schemas';

/** The worked example of docs/lease-math.md, shown in the OpenAPI document. */
const EXAMPLE_REQUEST = {
  msrp: 23000,
  sellingPrice: 21000,
  residualPercent: 57,
  moneyFactor: 0.00125,
  termMonths: 36,
  capitalizedFees: 1200,
  rebates: 500,
  taxRatePercent: 10.25,
  taxMethod: 'monthly',
};

/**
 * POST /lease/calculate: every field rule of the lease input (zod/mini, ./schemas.ts) and the rules only its derived
 * figures show (the money factor after security deposits, the residual after the mileage adjustment, a cap cost
 * reduction above the cap cost, a payment of $0 or less), each reported on the field it names, so that every input
 * the lease math refuses is a 400. Classic zod around the mini schema (the routes' schema type; both share zod's
 * core, so parsing and the OpenAPI document see the one schema), as shared/quotes/api.ts does.
 */
export const calculateLeaseRequestSchema = z
  .pipe(leaseInputSchema, z.custom<ParsedLeaseInput>())
  .superRefine((input, ctx) => {
    const problem = leaseInputProblem(input);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.field.split('.') });
  })
  .meta({ example: EXAMPLE_REQUEST });
export type CalculateLeaseRequest = z.input<typeof calculateLeaseRequestSchema>;

const money = (description: string) => z.number().meta({ description: `${description} In US dollars, to the cent.` });

/** 200: the priced lease (shared/lease/calculate.ts `LeaseQuote`). */
export const calculateLeaseResponseSchema = z
  .object({
    residualValue: money('MSRP x residual percent, after any mileage adjustment.'),
    grossCapCost: money('Selling price, capitalized fees, negative trade equity and, with zero drive-off, what is rolled in.'),
    capCostReduction: money('Cash down, rebates and positive trade equity.'),
    adjustedCapCost: money('Gross cap cost less the cap cost reduction.'),
    depreciation: money('Monthly: (adjusted cap cost - residual value) / term; negative when the residual is higher.'),
    rentCharge: money('Monthly: the base payment less the depreciation.'),
    basePayment: money('Monthly, before tax.'),
    monthlyTax: money('Tax on each payment (monthly tax method; 0 otherwise).'),
    monthlyPayment: money('Base payment plus monthly tax; 0 for a one-pay lease.'),
    upfrontTax: money('Tax due at signing (rolled into the cap cost with zero drive-off).'),
    driveOff: money(
      'Due at signing: first payment, cash down, upfront fees, upfront tax, security deposits; 0 with zero drive-off; for a one-pay lease, the one-pay amount, cash down and upfront fees.',
    ),
    totalOfPayments: money('Everything the lessee pays over the lease except refundable security deposits.'),
    effectiveApr: z.number().meta({ description: 'The money factor applied (after security deposits) x 2400, to 2 decimals.' }),
    onePayAmount: money('Only for a one-pay lease: term x base payment plus the upfront tax, paid at signing.').optional(),
    securityDepositEach: money(
      'Only with security deposits: each deposit, as given or the monthly payment with tax rounded up to `roundUpTo`.',
    ).optional(),
    securityDepositTotal: money(
      'Only with security deposits: count x each (refundable, in drive-off, not in the total).',
    ).optional(),
  })
  .meta({
    example: {
      residualValue: 13110,
      grossCapCost: 22200,
      capCostReduction: 500,
      adjustedCapCost: 21700,
      depreciation: 238.61,
      rentCharge: 43.51,
      basePayment: 282.12,
      monthlyTax: 28.92,
      monthlyPayment: 311.04,
      upfrontTax: 0,
      driveOff: 311.04,
      totalOfPayments: 11197.44,
      effectiveApr: 3,
    },
  });
export type CalculateLeaseResponse = z.infer<typeof calculateLeaseResponseSchema>;
