/**
 * The one logger of the SPA. Failures that the product says are "only logged" (trending, stats, the licence
 * upload at sign-up) go through here, so a future error reporter needs one change.
 */
export const logger = {
  error(message: string, error?: unknown): void {
    console.error(`[leasedesk] ${message}`, error);
  },
  warn(message: string, detail?: unknown): void {
    console.warn(`[leasedesk] ${message}`, detail);
  },
};
