/** How a broker's commission is set by an admin: a percentage of the fees, or a flat amount per deal. */
export const COMMISSION_TYPES = ['percentage', 'flat'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
export const COMMISSION_TYPE_LABELS: Record<CommissionType, string> = { percentage: 'Percentage', flat: 'Flat' };

/** The commission ledger's entry kinds (docs/decisions.md, "Commission ledger"): zod-free, as the deal writes load them. */
export const ADJUSTMENT_KINDS = ['bonus', 'spiff', 'chargeback'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const COMMISSION_ENTRY_KINDS = ['booking', 'reversal', ...ADJUSTMENT_KINDS] as const;
export type CommissionEntryKind = (typeof COMMISSION_ENTRY_KINDS)[number];
export const COMMISSION_ENTRY_KIND_LABELS: Record<CommissionEntryKind, string> = {
  booking: 'Deal closed',
  reversal: 'Reversal',
  bonus: 'Bonus',
  spiff: 'Spiff',
  chargeback: 'Chargeback',
};
