import { describe, expect, it } from 'vitest';
import type { BrokerStandingView } from '@shared/brokers/api';
import { commissionLabel, historyAction, licenceLabel, standingChanges } from './broker-format';

const pending: BrokerStandingView = {
  isApproved: false,
  isLicensed: false,
  commissionType: null,
  commissionValue: null,
  licenseNumber: null,
  licenseExpirationDate: null,
};

const approved: BrokerStandingView = {
  isApproved: true,
  isLicensed: true,
  commissionType: 'percentage',
  commissionValue: 10,
  licenseNumber: 'CA-123',
  licenseExpirationDate: '2027-05-31',
};

describe('commissionLabel', () => {
  it('words each commission type, and none', () => {
    expect(commissionLabel('percentage', 12.5)).toBe('12.5% of fees');
    expect(commissionLabel('flat', 250)).toBe('$250 per closed deal');
    expect(commissionLabel(null, null)).toBe('No commission set');
  });
});

describe('licenceLabel', () => {
  it('gives the number and expiration of a licensed broker', () => {
    expect(licenceLabel(approved)).toBe('Licensed (#CA-123, expires 05/31/2027)');
    expect(licenceLabel({ ...approved, licenseExpirationDate: null })).toBe('Licensed (#CA-123)');
    expect(licenceLabel(pending)).toBe('Not licensed');
  });
});

describe('approval history', () => {
  it('lists what an approval changed, commission as one line', () => {
    expect(historyAction(pending, approved)).toBe('Approved');
    expect(standingChanges(pending, approved)).toEqual([
      'Approval: Not approved → Approved',
      'Commission: No commission set → 10% of fees',
      'Licensed: No → Yes',
      'License number: — → CA-123',
      'License expiration: — → 05/31/2027',
    ]);
  });

  it('names a revocation and an edit', () => {
    expect(historyAction(approved, { ...approved, isApproved: false })).toBe('Revoked');
    const edited = { ...approved, commissionType: 'flat' as const, commissionValue: 300 };
    expect(historyAction(approved, edited)).toBe('Updated');
    expect(standingChanges(approved, edited)).toEqual(['Commission: 10% of fees → $300 per closed deal']);
  });

  it('says so when a save changed nothing', () => {
    expect(standingChanges(approved, approved)).toEqual(['Saved without changes']);
  });
});
