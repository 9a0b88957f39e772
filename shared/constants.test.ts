import { describe, expect, it } from 'vitest';
import * as constants from './constants';

// Guards against a product policy value (password length, trending window, fee bounds...) drifting by accident.
describe('business constants', () => {
  it.each([
    ['PASSWORD_MIN_LENGTH', 12],
    ['SIGN_IN_PASSWORD_MIN_LENGTH', 6],
    ['TRENDING_WINDOW_DAYS', 5],
    ['TRENDING_LIMIT', 5],
    ['DISPLAY_DATE_FORMAT', 'MM/dd/yyyy'],
    ['TERM_MONTHS_MAX', 84],
    ['CREDIT_SCORE_MIN', 300],
    ['CREDIT_SCORE_MAX', 850],
    ['VIN_LENGTH', 17],
    ['PHONE_MAX_DIGITS', 15],
    ['CONCIERGE_FEE_WAIVED', 0],
    ['CONCIERGE_FEE_MIN', 100],
    ['CONCIERGE_FEE_MAX', 1500],
    ['LEASE_APR_FACTOR', 2400],
    ['LAST_ONE_STOCK', 1],
    ['DEFAULT_DEAL_TYPE', 'lease'],
    ['DEFAULT_DEAL_STATUS', 'available'],
    ['DEFAULT_CREDIT_APP_FORM_TYPE', 'generic'],
    ['MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE', 12_000],
    ['MARKETPLACE_DEFAULT_APR', 0],
    ['MARKETPLACE_DEFAULT_AVAILABLE_STOCK', 1],
    ['MAX_IMAGE_BYTES', 5 * 1024 * 1024],
    ['SIGNED_LICENCE_URL_TTL_SECONDS', 3600],
    ['STORAGE_CACHE_SECONDS', 3600],
    ['VIEW_TRACKING_DELAY_MS', 2000],
    ['LINK_COPIED_INDICATOR_MS', 3000],
    ['CONFETTI_DURATION_MS', 3000],
    ['CONFETTI_PIECES', 50],
    ['CREDIT_APP_CONTACT_WITHIN_HOURS', 24],
    ['QUOTE_REPLY_WITHIN_MINUTES', 5],
    ['DEALERSHIP_STATS_WINDOW_MONTHS', 6],
    ['PROFILE_RECENT_DEALS_LIMIT', 10],
    ['QUOTE_STEP_COUNT', 4],
    ['STUDENT_RECENT_GRAD_YEARS', 2],
    ['SESSION_REFRESH_TICK_MS', 30_000],
  ] as const)('%s is %s', (name, value) => {
    expect(constants[name]).toBe(value);
  });

  it('holds the text and money limits', () => {
    expect(constants.TEXT_LIMITS).toMatchObject({
      name: 100,
      location: 200,
      address: 500,
      clientNotes: 2000,
      vehicleNotes: 5000,
      make: 50,
      model: 50,
      trim: 50,
      licenceNumber: 50,
      email: 255,
    });
    expect(constants.MONEY_LIMITS).toEqual({
      monthlyPayment: 100_000,
      downPayment: 1_000_000,
      brokerFee: 100_000,
      mileageAllowance: 100_000,
      apr: 50,
      moneyFactor: 1,
    });
    expect(constants.QUOTE_EXACT_YEARS).toEqual([2026, 2025, 2024]);
    expect(constants.RETRYABLE_HTTP_STATUSES).toEqual([502, 503, 504]);
  });
});
