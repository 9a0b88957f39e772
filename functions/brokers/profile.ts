/**
 * A broker's own profile (/profile): the profile, this month's figures, the last 10 deals and academy progress in
 * one call; the phone; the photo and licence uploads (a presigned POST to the caller's own key, then a confirm that
 * finds the object and records it); and the signed licence URL. The caller is always the profile's owner: no
 * route here takes a user id from the request except the licence URL, which admins may ask for any broker.
 */
import {
  LICENSE_DOCUMENT_NOT_FOUND_MESSAGE,
  PROFILE_NOT_FOUND_MESSAGE,
  PROFILE_RECENT_DEALS,
  UPLOAD_NOT_FOUND_MESSAGE,
  type LicenceUrlResponse,
  type PresignedUploadResponse,
  type ProfileResponse,
} from '@shared/brokers/api';
import { monthOfDate } from '@shared/brokers/stats';
import { SIGNED_LICENCE_URL_TTL_SECONDS } from '@shared/constants';
import { fileExtension, type UploadRequest } from '@shared/uploads/schemas';
import { brokerLicenceKey, brokerPhotoKey } from '@shared/uploads/keys';
import type { Identity } from '@functions/lib/auth-context';
import { BadRequestError, NotFoundError } from '@functions/lib/errors';
import type { BrokerFileKind, BrokerServices } from './deps';
import { brokerMonthStats } from './stats';
import { brokerSummary, isConfirmed, licenceKeyOf } from './views';

const KEY_OF: Record<BrokerFileKind, (userId: string, extension: string) => string> = {
  profilePhoto: brokerPhotoKey,
  licence: brokerLicenceKey,
};

export async function getProfile(caller: Identity, services: BrokerServices, now: Date): Promise<ProfileResponse> {
  const { users, brokers, brokerStats, commission } = services.data;
  const month = monthOfDate(now);
  const [profile, figures, ledger, deals, academy, taskSettings] = await Promise.all([
    users.getBrokerProfile(caller.userId),
    brokerStats.get(caller.userId, month),
    commission.month(caller.userId, month),
    brokers.recentDeals(caller.userId, PROFILE_RECENT_DEALS),
    // The academy's own rule: completed items that are still published, over the published items.
    services.data.academy.progressOf(caller.userId),
    services.data.tasks.settings(caller.userId),
  ]);
  if (!isConfirmed(profile)) throw new NotFoundError(PROFILE_NOT_FOUND_MESSAGE);

  const summary = await brokerSummary(profile, services.files);
  return {
    profile: { ...summary, startedAt: profile.startedAt ?? null },
    stats: {
      month,
      ...brokerMonthStats(
        {
          brokerId: summary.id,
          fullName: summary.fullName,
          commissionType: profile.commissionType,
          commissionValue: profile.commissionValue,
        },
        figures,
        ledger.earnedCents,
      ),
    },
    recentDeals: deals.map(({ id, year, make, model, status, monthlyPayment, createdAt }) => ({
      id,
      year,
      make,
      model,
      status,
      monthlyPayment,
      createdAt,
    })),
    academy,
    taskSettings: { timeZone: taskSettings?.timeZone ?? null, morningEmail: taskSettings?.morningEmail ?? true },
  };
}

/** The phone only: the request schema has no other field, and the store writes no other field. */
export async function updateProfile(
  caller: Identity,
  input: { phone: string | null },
  services: BrokerServices,
  now: Date,
): Promise<ProfileResponse> {
  if (!(await services.data.brokers.updateOwn(caller.userId, { phone: input.phone }))) {
    throw new NotFoundError(PROFILE_NOT_FOUND_MESSAGE);
  }
  return getProfile(caller, services, now);
}

/** A presigned POST of the caller's photo or licence to their own key; S3 holds it to the type and the 5 MB. */
export async function presignProfileUpload(
  caller: Identity,
  kind: BrokerFileKind,
  request: UploadRequest,
  services: BrokerServices,
): Promise<PresignedUploadResponse> {
  if (!isConfirmed(await services.data.users.getBrokerProfile(caller.userId))) {
    throw new NotFoundError(PROFILE_NOT_FOUND_MESSAGE);
  }
  // The validated request guarantees an allowed extension whose content type matches.
  const key = KEY_OF[kind](caller.userId, fileExtension(request.fileName)!);
  return services.files.presignUpload(kind, key, request.contentType.toLowerCase());
}

/**
 * Records an uploaded photo or licence once the object is in the bucket (a confirm before the upload finished, or
 * for a file never sent, is a 400 and changes nothing). Both are stored as private object keys: the photo is shown
 * through a signed URL, the licence only through GET /brokers/{id}/licence-url.
 */
export async function confirmUpload(
  caller: Identity,
  kind: BrokerFileKind,
  fileName: string,
  services: BrokerServices,
  now: Date,
): Promise<ProfileResponse> {
  const key = KEY_OF[kind](caller.userId, fileExtension(fileName)!);
  if (!(await services.files.exists(kind, key))) {
    throw new BadRequestError(UPLOAD_NOT_FOUND_MESSAGE, { fileName: UPLOAD_NOT_FOUND_MESSAGE });
  }
  const { brokers } = services.data;
  const recorded =
    kind === 'profilePhoto'
      ? await brokers.updateOwn(caller.userId, { profilePhotoUrl: key })
      : await brokers.recordLicence(caller.userId, key);
  if (!recorded) throw new NotFoundError(PROFILE_NOT_FOUND_MESSAGE);
  return getProfile(caller, services, now);
}

/**
 * A signed GET of a broker's licence document, valid 3600 seconds: for the broker themself and admins. Anyone
 * else gets the same 404 as for a broker without a document, so the answer says nothing about other brokers.
 */
export async function licenceUrl(caller: Identity, brokerId: string, services: BrokerServices): Promise<LicenceUrlResponse> {
  if (caller.role !== 'admin' && caller.userId !== brokerId) throw new NotFoundError(LICENSE_DOCUMENT_NOT_FOUND_MESSAGE);
  const profile = await services.data.users.getBrokerProfile(brokerId);
  const key = isConfirmed(profile) ? licenceKeyOf(profile) : undefined;
  if (!key) throw new NotFoundError(LICENSE_DOCUMENT_NOT_FOUND_MESSAGE);
  return {
    url: await services.files.signedUrl('licence', key, SIGNED_LICENCE_URL_TTL_SECONDS),
    expiresIn: SIGNED_LICENCE_URL_TTL_SECONDS,
  };
}
