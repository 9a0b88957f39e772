/** States of a credit-application link (spec section 4); each one sends the visitor somewhere different. */
export const CREDIT_APP_LINK_STATES = ['valid', 'expired', 'completed', 'invalid'] as const;
export type CreditAppLinkState = (typeof CREDIT_APP_LINK_STATES)[number];
