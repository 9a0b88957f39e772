/**
 * The total cost of a quoted lease, the figure a comparison sorts by (docs/lease-math.md, "Total cost of a quote"):
 * every payment plus what is due at signing, less the deposits the lessee gets back. A quote's due-at-signing
 * includes its first payment (as lenders and dealers quote it, and as `driveOff` of shared/lease/calculate.ts does), so
 * a monthly lease adds the term's other payments; a one-pay lease is paid whole at signing (`monthlyPayment` 0).
 * Worked in cents, so a total is exact whatever the term.
 */
export interface QuotedLease {
  termMonths: number;
  monthlyPayment: number;
  dueAtSigning: number;
  /** Refundable security deposits inside `dueAtSigning`. */
  refundableDeposits: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);

export function quotedLeaseTotal(quote: QuotedLease): number {
  const laterPayments = quote.monthlyPayment > 0 ? quote.termMonths - 1 : 0;
  const total = cents(quote.monthlyPayment) * laterPayments + cents(quote.dueAtSigning) - cents(quote.refundableDeposits);
  return total / 100;
}
