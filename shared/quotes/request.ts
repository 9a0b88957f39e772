/**
 * The values of the quote request that the public wizard needs at run time, apart from ./api.ts: that file builds
 * the server's classic zod schemas, which the wizard's first load must not carry (docs/decisions.md, "Quote wizard
 * bundle"). ./api.ts re-exports both.
 */

export const QUOTE_REQUEST_MESSAGES = {
  idempotencyKey: 'Invalid request: reload the page and try again',
  /** The wizard's failure toast when the server gives no message of its own. */
  submitFailed: 'Failed to submit quote request',
} as const;

/**
 * The hidden form field bots fill and people never see. A request that fills it is answered like any other (201
 * with an id) but stores nothing and e-mails no one, so a bot learns nothing from the answer.
 */
export const HONEYPOT_FIELD = 'website';
