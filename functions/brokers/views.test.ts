import { describe, expect, it } from 'vitest';
import { brokerSummary, licenceKeyOf, standingOf } from './views';
import type { BrokerFiles } from './deps';

const files: BrokerFiles = {
  presignUpload: () => Promise.reject(new Error('not used')),
  exists: () => Promise.reject(new Error('not used')),
  signedUrl: async (kind, key, expiresIn) => `signed:${kind}:${key}:${expiresIn}`,
};

describe('a broker as answered', () => {
  it('has a licence document only once the file left the sign-up’s pending/ prefix', () => {
    expect(licenceKeyOf({ licenseDocumentUrl: 'sub-1/license.pdf' })).toBe('sub-1/license.pdf');
    expect(licenceKeyOf({ licenseDocumentUrl: 'pending/sub-1/license.pdf' })).toBeUndefined();
    expect(licenceKeyOf({})).toBeUndefined();
  });

  it('reads a new broker’s missing standing as not approved, not licensed, nothing set', () => {
    expect(standingOf({ userId: 'u' })).toEqual({
      isApproved: false,
      isLicensed: false,
      commissionType: null,
      commissionValue: null,
      licenseNumber: null,
      licenseExpirationDate: null,
    });
  });

  it('shows the photo through a signed URL and says whether there is a licence, never where it is', async () => {
    const summary = await brokerSummary(
      {
        userId: 'u1',
        fullName: 'Ann Lee',
        email: 'ann@leasedesk.com',
        createdAt: '2026-01-01T00:00:00.000Z',
        profilePhotoUrl: 'u1/profile.png',
        licenseDocumentUrl: 'u1/license.pdf',
      },
      files,
    );

    expect(summary.profilePhotoUrl).toBe('signed:profilePhoto:u1/profile.png:3600');
    expect(summary.hasLicenseDocument).toBe(true);
    expect(JSON.stringify(summary)).not.toContain('license.pdf');
  });
});
