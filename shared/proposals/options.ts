/**
 * Pure rules of a proposal's options (docs/decisions.md, "Proposal options"), shared by the proposals function and
 * the web: the options a share stores (each with the total the desk's comparison sorted by), which option an accept
 * names, and how the broker reads the chosen one.
 */
import type * as z from 'zod';
import { quotedLeaseTotal } from '../lease/total-cost';
import {
  PROPOSAL_OPTION_REQUIRED_MESSAGE,
  PROPOSAL_OPTION_UNKNOWN_MESSAGE,
  type ProposalOption,
  type proposalOptionInputSchema,
} from './api';

export type ParsedProposalOption = z.output<typeof proposalOptionInputSchema>;

/**
 * The options as the snapshot stores them: an explicit field list (nothing else the request carried is kept) and the
 * total cost derived here, never taken from the request, so the client reads the figure the broker compared by.
 */
export function proposalOptions(inputs: readonly ParsedProposalOption[]): ProposalOption[] {
  return inputs.map((input) => ({
    label: input.label,
    source: input.source,
    termMonths: input.termMonths,
    milesPerYear: input.milesPerYear,
    monthlyPayment: input.onePay ? 0 : input.monthlyPayment,
    dueAtSigning: input.dueAtSigning,
    refundableDeposits: input.refundableDeposits,
    onePay: input.onePay,
    moneyFactor: input.moneyFactor,
    securityDepositCount: input.securityDepositCount,
    totalCost: quotedLeaseTotal({
      termMonths: input.termMonths,
      monthlyPayment: input.onePay ? 0 : input.monthlyPayment,
      dueAtSigning: input.dueAtSigning,
      refundableDeposits: input.refundableDeposits,
    }),
  }));
}

/**
 * The option an accept takes: required (by index) when the proposal has options, refused when it names one the
 * proposal does not have, including any option of a proposal that has none. `field` is the request's field at fault.
 */
export function acceptedOptionOf(
  options: readonly unknown[],
  requested: number | undefined,
): { ok: true; option: number | null } | { ok: false; message: string } {
  if (requested === undefined) {
    return options.length > 0 ? { ok: false, message: PROPOSAL_OPTION_REQUIRED_MESSAGE } : { ok: true, option: null };
  }
  if (!Number.isInteger(requested) || requested < 0 || requested >= options.length) {
    return { ok: false, message: PROPOSAL_OPTION_UNKNOWN_MESSAGE };
  }
  return { ok: true, option: requested };
}

/** "Option 2: Example Auto Finance, December 2026 program": how the trail and the broker's notice name it (1-based). */
export function proposalOptionName(options: readonly Pick<ProposalOption, 'label'>[], index: number): string {
  const option = options[index];
  return option ? `Option ${index + 1}: ${option.label}` : `Option ${index + 1}`;
}
