/** Pick lists of the marketplace vehicle form. */

/** Incentives a marketplace vehicle may carry; stored as the value, shown with the label. */
export const MARKETPLACE_INCENTIVES = [
  'costco',
  'military',
  'conquest',
  'loyalty',
  'rebate',
  'student',
  'first_responder',
  'educator',
] as const;
export type MarketplaceIncentive = (typeof MARKETPLACE_INCENTIVES)[number];
export const MARKETPLACE_INCENTIVE_LABELS: Record<MarketplaceIncentive, string> = {
  costco: 'Costco',
  military: 'Military',
  conquest: 'Conquest',
  loyalty: 'Loyalty',
  rebate: 'Rebate',
  student: 'Student',
  first_responder: 'First Responder',
  educator: 'Educator',
};
