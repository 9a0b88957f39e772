import { describe, expect, it } from 'vitest';
import { isLicensedAt } from './licence';

describe('isLicensedAt', () => {
  const now = new Date('2026-11-25T00:30:00Z');

  it('counts a licence through its expiration date (UTC), not from the day after', () => {
    expect(isLicensedAt({ isLicensed: true, licenseExpirationDate: '2026-11-25' }, now)).toBe(true);
    expect(isLicensedAt({ isLicensed: true, licenseExpirationDate: '2027-01-01' }, now)).toBe(true);
    expect(isLicensedAt({ isLicensed: true, licenseExpirationDate: '2026-11-24' }, now)).toBe(false);
    expect(isLicensedAt({ isLicensed: true, licenseExpirationDate: '1900-01-01' }, now)).toBe(false);
  });

  it('judges "today" in UTC: late on the 24th in California is already the 25th', () => {
    const lateEvening = new Date('2026-11-24T23:59:59-08:00');
    expect(isLicensedAt({ isLicensed: true, licenseExpirationDate: '2026-11-24' }, lateEvening)).toBe(false);
    expect(isLicensedAt({ isLicensed: true, licenseExpirationDate: '2026-11-24' }, new Date('2026-11-24T23:59:59Z'))).toBe(true);
  });

  it('never counts a broker not flagged licensed, or no profile; a licence without a date on file counts', () => {
    expect(isLicensedAt({ isLicensed: false, licenseExpirationDate: '2099-01-01' }, now)).toBe(false);
    expect(isLicensedAt(undefined, now)).toBe(false);
    expect(isLicensedAt(null, now)).toBe(false);
    expect(isLicensedAt({ isLicensed: true }, now)).toBe(true);
  });
});
