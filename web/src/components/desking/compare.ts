/**
 * The desk's Compare panel model (docs/decisions.md, "Comparison"): a dealer quote as the broker types it, read into
 * the comparison's quote (shared/programs/compare.ts, `dealerQuoteSchema`), and the rows ticked for a proposal (at
 * most PROPOSAL_OPTIONS_MAX, each offered monthly, as one-pay or with its best deposits).
 */
import {
  PROPOSAL_OPTIONS_MAX,
  dealerQuoteSchema,
  offerKindsOf,
  type ComparisonRow,
  type DealerQuote,
  type OfferKind,
  type ProposalPick,
} from '@shared/programs/compare';
import { parseNumberInput } from '@web/components/ui/form-rules';

export const DEALER_QUOTE_FIELDS = [
  'label',
  'monthlyPayment',
  'dueAtSigning',
  'termMonths',
  'milesPerYear',
  'refundableDeposits',
] as const;
export type DealerQuoteField = (typeof DEALER_QUOTE_FIELDS)[number];
export type DealerQuoteText = Record<DealerQuoteField, string>;

/** A new quote's form: the deal's term and mileage filled in, as a dealer usually quotes the same lease. */
export const emptyDealerQuote = (termMonths?: number, milesPerYear?: number): DealerQuoteText => ({
  label: '',
  monthlyPayment: '',
  dueAtSigning: '',
  termMonths: termMonths === undefined ? '' : String(termMonths),
  milesPerYear: milesPerYear === undefined ? '' : String(milesPerYear),
  refundableDeposits: '',
});

export type DealerQuoteReading =
  { ok: true; quote: Omit<DealerQuote, 'id'> } | { ok: false; errors: Partial<Record<DealerQuoteField, string>> };

/** The typed quote read and checked; each refused field's first message. */
export function readDealerQuote(text: DealerQuoteText): DealerQuoteReading {
  const errors: Partial<Record<DealerQuoteField, string>> = {};
  const numbers: Record<string, number | undefined> = {};
  for (const field of DEALER_QUOTE_FIELDS) {
    if (field === 'label') continue;
    const value = parseNumberInput(text[field]);
    if (value !== undefined && Number.isNaN(value)) errors[field] = 'Invalid number';
    numbers[field] = value;
  }
  const parsed = dealerQuoteSchema.safeParse({ label: text.label, ...numbers });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as DealerQuoteField;
      errors[field] ??= issue.message;
    }
  return parsed.success && Object.keys(errors).length === 0 ? { ok: true, quote: parsed.data } : { ok: false, errors };
}

/** The rows ticked for a proposal, by row key, with how each is offered. */
export type ProposalTicks = ReadonlyMap<string, OfferKind>;

/** The ticked rows still on the comparison, in its order, each offered as ticked (monthly if that offer is gone). */
export function picksOf(rows: readonly ComparisonRow[], ticks: ProposalTicks): ProposalPick[] {
  const picks: ProposalPick[] = [];
  for (const row of rows) {
    const offer = ticks.get(row.key);
    if (offer === undefined || row.kind === 'unpriced') continue;
    picks.push({ row, offer: offerKindsOf(row).includes(offer) ? offer : 'monthly' });
  }
  return picks;
}

/** Whether another row may be ticked: a proposal carries at most PROPOSAL_OPTIONS_MAX options. */
export const mayTickMore = (picked: number) => picked < PROPOSAL_OPTIONS_MAX;

/** "Share 3 options", "Share 1 option"; "Share options" with none ticked. */
export const shareLabel = (picked: number) =>
  picked === 0 ? 'Share options' : `Share ${picked} option${picked === 1 ? '' : 's'}`;
