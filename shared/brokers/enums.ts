/** How a broker's commission is set by an admin: a percentage of the fees, or a flat amount per deal. */
export const COMMISSION_TYPES = ['percentage', 'flat'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
export const COMMISSION_TYPE_LABELS: Record<CommissionType, string> = { percentage: 'Percentage', flat: 'Flat' };
