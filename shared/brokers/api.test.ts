import { describe, expect, it } from 'vitest';
import { atTime } from '../calendar';
import { INVALID_PHONE_MESSAGE } from '../validation';
import {
  BROKER_MESSAGES,
  brokerStatsQuerySchema,
  INVALID_MONTH_MESSAGE,
  isLicenceCurrent,
  PHONE_REQUIRED_MESSAGE,
  updateBrokerRequestSchema,
  updateProfileRequestSchema,
} from './api';

const dialog = {
  isApproved: true,
  isLicensed: true,
  commissionType: 'percentage',
  commissionValue: 25,
  licenseNumber: ' CA-1 ',
  licenseExpirationDate: '2099-01-31',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('a licensed broker’s licence has not expired', () => {
  /** 2026-05-01 noon UTC: today is 2026-05-01 at UTC-12 and 2026-05-02 at UTC+14. */
  const NOW = new Date('2026-05-01T12:00:00.000Z');
  const save = (change: object) => atTime(NOW, () => updateBrokerRequestSchema.safeParse({ ...dialog, ...change }));

  it.each([
    [{ licenseExpirationDate: '2026-04-30' }, BROKER_MESSAGES.licenseExpired],
    [{ licenseExpirationDate: '2020-01-01' }, 'License expiration cannot be in the past for a licensed broker'],
    [{ licenseExpirationDate: '' }, 'A licensed broker needs a license expiration date'],
  ])('refuses %j when licensed, on the expiration field', (change, message) => {
    const result = save(change);
    expect(firstMessage(result)).toBe(message);
    expect(result.error?.issues[0]?.path).toEqual(['licenseExpirationDate']);
  });

  it('accepts a licence expiring today or later, and any date (or none) when not licensed', () => {
    expect(save({ licenseExpirationDate: '2026-05-01' }).success).toBe(true);
    expect(save({ licenseExpirationDate: '2030-01-01' }).success).toBe(true);
    expect(save({ isLicensed: false, licenseExpirationDate: '2020-01-01' }).success).toBe(true);
    expect(save({ isLicensed: false, licenseExpirationDate: '' }).success).toBe(true);
  });

  it('judges "today" when the body is checked', () => {
    expect(isLicenceCurrent('2026-05-01', NOW)).toBe(true);
    expect(isLicenceCurrent('2026-05-01', new Date('2026-05-02T12:00:00.000Z'))).toBe(false);
  });
});

describe('the approve/edit dialog body', () => {
  it('keeps the six dialog fields, trimmed, and nothing else', () => {
    expect(updateBrokerRequestSchema.parse({ ...dialog, email: 'x@y.z', approvalRevision: 9 })).toEqual({
      ...dialog,
      licenseNumber: 'CA-1',
    });
  });

  it('reads blank licence fields as cleared', () => {
    const parsed = updateBrokerRequestSchema.parse({
      ...dialog,
      isLicensed: false,
      licenseNumber: '',
      licenseExpirationDate: ' ',
    });
    expect(parsed).toMatchObject({ licenseNumber: null, licenseExpirationDate: null });
  });

  it.each([
    [{ commissionValue: 101 }, BROKER_MESSAGES.percentageMax],
    [{ commissionType: 'flat', commissionValue: 100_001 }, BROKER_MESSAGES.flatMax],
    [{ commissionValue: 10.125 }, BROKER_MESSAGES.commissionDecimals],
    [{ commissionValue: -0.01 }, BROKER_MESSAGES.commissionValueMin],
    [{ licenseNumber: '' }, BROKER_MESSAGES.licenseNumberRequired],
    [{ licenseNumber: 'x'.repeat(51) }, BROKER_MESSAGES.licenseNumberMax],
    [{ licenseExpirationDate: '2027-02-30' }, BROKER_MESSAGES.licenseExpirationInvalid],
  ])('refuses %j with its message', (change, message) => {
    expect(firstMessage(updateBrokerRequestSchema.safeParse({ ...dialog, ...change }))).toBe(message);
  });
});

describe("a broker's own profile body", () => {
  it('keeps only the phone, whatever else is sent', () => {
    expect(
      updateProfileRequestSchema.parse({ phone: '(303) 555-0100', isApproved: true, commissionType: 'flat', commissionValue: 1 }),
    ).toEqual({ phone: '3035550100' });
  });

  it('clears the phone with a blank or null and refuses an empty body', () => {
    expect(updateProfileRequestSchema.parse({ phone: '' })).toEqual({ phone: null });
    expect(updateProfileRequestSchema.parse({ phone: null })).toEqual({ phone: null });
    expect(firstMessage(updateProfileRequestSchema.safeParse({}))).toBe(PHONE_REQUIRED_MESSAGE);
    expect(firstMessage(updateProfileRequestSchema.safeParse({ phone: 'call me' }))).toBe(INVALID_PHONE_MESSAGE);
  });
});

describe('the stats month', () => {
  it('takes YYYY-MM with a real month, or nothing', () => {
    expect(brokerStatsQuerySchema.parse({})).toEqual({});
    expect(brokerStatsQuerySchema.parse({ month: '2026-12' })).toEqual({ month: '2026-12' });
    expect(firstMessage(brokerStatsQuerySchema.safeParse({ month: '2026-13' }))).toBe(INVALID_MONTH_MESSAGE);
    expect(firstMessage(brokerStatsQuerySchema.safeParse({ month: '2026-1' }))).toBe(INVALID_MONTH_MESSAGE);
  });
});
