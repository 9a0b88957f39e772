/**
 * POST /auth/signup-licence: a presigned upload for the licence chosen in the sign-up form. The route is public
 * (the user cannot sign in before confirming), so it only serves a sign-up that is provably the caller's and
 * fresh: the pool user with that e-mail is unconfirmed, has the sub the sign-up call returned, and was created
 * within the hour. Every failed check answers the same 404, so the route tells nothing about other addresses.
 *
 * The file goes under the bucket's `pending/` prefix, which S3 expires after a day: an unconfirmed sign-up's
 * file is gone by then. PostConfirmation moves it to its final key when the e-mail is confirmed.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { SIGNUP_NOT_FOUND_MESSAGE, type SignupLicenceRequest, type SignupLicenceResponse } from '@shared/auth/api';
import { fileExtension } from '@shared/uploads/schemas';
import { pendingBrokerLicenceKey } from '@shared/uploads/keys';
import type { PoolUser, UserDirectory } from '@functions/lib/cognito';
import type { AuthData } from './data';
import { NotFoundError } from '@functions/lib/errors';
import { presignUpload } from '@functions/lib/storage';

export const SIGNUP_LICENCE_WINDOW_MS = 60 * 60 * 1000;

/** Whether `user` is the fresh, unconfirmed sign-up that returned `userSub`. */
export function isPendingSignUp(user: PoolUser | null, userSub: string, now: Date): boolean {
  if (!user || user.status !== 'UNCONFIRMED' || !user.sub || user.sub !== userSub || !user.createdAt) return false;
  const age = now.getTime() - user.createdAt.getTime();
  return age >= 0 && age <= SIGNUP_LICENCE_WINDOW_MS;
}

export interface SignupLicenceDeps {
  directory: UserDirectory;
  data: AuthData;
  s3: S3Client;
  licencesBucket: string;
}

export async function presignSignupLicence(
  request: SignupLicenceRequest,
  deps: SignupLicenceDeps,
  now: Date,
): Promise<SignupLicenceResponse> {
  const user = await deps.directory.getUser(request.email);
  if (!isPendingSignUp(user, request.userSub, now)) throw new NotFoundError(SIGNUP_NOT_FOUND_MESSAGE);

  // The validated request guarantees an allowed extension whose content type matches.
  const key = pendingBrokerLicenceKey(request.userSub, fileExtension(request.fileName)!);
  const upload = await presignUpload(deps.s3, {
    bucket: deps.licencesBucket,
    key,
    contentType: request.contentType.toLowerCase(),
  });
  // Recorded before the browser uploads: a failed upload at sign-up is ignored (docs/decisions.md, "The licence chosen at sign-up"), and the key is private.
  // The sign-up is not confirmed yet: the record expires (TTL) unless the confirmation claims it, and
  // PostConfirmation replaces the pending key with the final one.
  await deps.data.users.recordLicenceDocument(request.userSub, key, { pendingSince: now });
  return upload;
}
