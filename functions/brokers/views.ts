/** How a broker profile is answered: an explicit field list, the photo as a signed URL, the licence only as a flag. */
import type { BrokerStandingView, BrokerSummary } from '@shared/brokers/api';
import { PENDING_LICENCE_PREFIX } from '@shared/uploads/keys';
import type { BrokerProfile } from '@functions/domain/users/users';
import { SIGNED_PHOTO_URL_TTL_SECONDS } from '@functions/lib/storage';
import type { BrokerFiles } from './deps';

/** The photo URL lives as long as a licence URL: a page left open for an hour still shows it. */
export const PHOTO_URL_TTL_SECONDS = SIGNED_PHOTO_URL_TTL_SECONDS;

/**
 * The object key of a broker's licence document, or undefined when there is none. A key still under `pending/`
 * belongs to a sign-up whose file never arrived or was never moved: it is not a document.
 */
export function licenceKeyOf(profile: Pick<BrokerProfile, 'licenseDocumentUrl'>): string | undefined {
  const key = profile.licenseDocumentUrl;
  return key && !key.startsWith(PENDING_LICENCE_PREFIX) ? key : undefined;
}

/** Whether a profile is a confirmed broker's (a profile holding only a sign-up's licence is not). */
export function isConfirmed(profile: BrokerProfile | null): profile is BrokerProfile & { createdAt: string } {
  return Boolean(profile?.createdAt);
}

export function standingOf(profile: BrokerProfile): BrokerStandingView {
  return {
    isApproved: profile.isApproved ?? false,
    isLicensed: profile.isLicensed ?? false,
    commissionType: profile.commissionType ?? null,
    commissionValue: profile.commissionValue ?? null,
    licenseNumber: profile.licenseNumber ?? null,
    licenseExpirationDate: profile.licenseExpirationDate ?? null,
  };
}

export async function brokerSummary(profile: BrokerProfile & { createdAt: string }, files: BrokerFiles): Promise<BrokerSummary> {
  return {
    id: profile.userId,
    fullName: profile.fullName ?? profile.email ?? '',
    email: profile.email ?? '',
    phone: profile.phone ?? null,
    ...standingOf(profile),
    hasLicenseDocument: licenceKeyOf(profile) !== undefined,
    createdAt: profile.createdAt,
    profilePhotoUrl: profile.profilePhotoUrl
      ? await files.signedUrl('profilePhoto', profile.profilePhotoUrl, PHOTO_URL_TTL_SECONDS)
      : null,
  };
}
