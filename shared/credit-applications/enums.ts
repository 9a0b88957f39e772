/** States of a credit-application link (docs/decisions.md, "Credit applications"): each leads somewhere different. */
export const CREDIT_APP_LINK_STATES = ['valid', 'expired', 'completed', 'invalid'] as const;
export type CreditAppLinkState = (typeof CREDIT_APP_LINK_STATES)[number];
