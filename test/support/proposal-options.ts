/**
 * Three options a proposal's tests share (docs/decisions.md, "Proposal options"): a program's monthly lease, a dealer
 * quote with a refundable deposit, and a one-pay lease.
 */
import type { ProposalOptionInput } from '@shared/proposals/api';

export const OPTIONS: ProposalOptionInput[] = [
  {
    label: 'Example Auto Finance, December 2026 program',
    source: 'program',
    termMonths: 36,
    milesPerYear: 10_000,
    monthlyPayment: 411.27,
    dueAtSigning: 2_911.27,
    moneyFactor: 0.00125,
  },
  {
    label: 'Dealer quote: Sample Motors',
    source: 'dealer-quote',
    termMonths: 39,
    milesPerYear: 12_000,
    monthlyPayment: 389.99,
    dueAtSigning: 3_989.99,
    refundableDeposits: 700,
    securityDepositCount: 1,
  },
  {
    label: 'One-pay, 24 months',
    source: 'program',
    termMonths: 24,
    milesPerYear: 7_500,
    monthlyPayment: 0,
    dueAtSigning: 9_875.5,
    onePay: true,
  },
];
