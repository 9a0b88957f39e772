/**
 * The upload buckets' object keys (docs/data-model.md, "Files"): where a broker's photo and licence and a vehicle's
 * images live, and the pending keys an upload waits under until it is claimed. No zod here: the triggers and jobs that
 * move files (PostConfirmation) load only this, not the upload schemas (shared/uploads/schemas.ts).
 */

// Object keys. Photos and licences are overwritten in place (one per broker): a new upload replaces the old one.
export function brokerPhotoKey(userId: string, extension: string): string {
  return `${userId}/profile.${extension.toLowerCase()}`;
}
export function brokerLicenceKey(userId: string, extension: string): string {
  return `${userId}/license.${extension.toLowerCase()}`;
}

/**
 * A licence chosen at sign-up waits under this prefix until the e-mail is confirmed (PostConfirmation moves it to
 * `brokerLicenceKey`); the licences bucket expires whatever is left here after a day, so a sign-up that is
 * never confirmed leaves no file behind.
 */
export const PENDING_LICENCE_PREFIX = 'pending/';

export function pendingBrokerLicenceKey(userId: string, extension: string): string {
  return `${PENDING_LICENCE_PREFIX}${brokerLicenceKey(userId, extension)}`;
}

/** The final key of `userId`'s pending licence key, or undefined when `key` is not one. */
export function confirmedBrokerLicenceKey(userId: string, key: string): string | undefined {
  const match = /^pending\/([^/]+)\/(license\.[a-z]+)$/.exec(key);
  return match && match[1] === userId ? `${userId}/${match[2]}` : undefined;
}
/** Vehicle images get a random, never reused name (`randomId` from the caller, e.g. a ULID). */
export function dealImageKey(randomId: string, extension: string): string {
  return `${randomId}.${extension.toLowerCase()}`;
}

/**
 * A vehicle image is uploaded under this prefix and waits there until a vehicle is saved with it: the save claims
 * it (copies it to `dealImageKey`). The deal-images bucket expires whatever is left here after a day, so an image
 * chosen and never saved leaves no file behind.
 */
export const PENDING_DEAL_IMAGE_PREFIX = 'pending/';

export function pendingDealImageKey(randomId: string, extension: string): string {
  return `${PENDING_DEAL_IMAGE_PREFIX}${dealImageKey(randomId, extension)}`;
}

/** The final key of a pending vehicle image key, or undefined when `key` is not one. */
export function claimedDealImageKey(key: string): string | undefined {
  return /^pending\/([0-9A-Za-z]+\.[a-z]+)$/.exec(key)?.[1];
}
