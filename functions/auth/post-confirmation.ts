/**
 * Cognito PostConfirmation trigger: a confirmed self sign-up becomes a broker pending approval. It joins the
 * broker group and gets its user record and broker profile (not approved, not licensed), and the licence file
 * chosen at sign-up, if one was uploaded, moves out of the bucket's expiring `pending/` prefix to its final key.
 * Every step is idempotent, so Cognito's retry of a failed invocation neither duplicates nor resets anything.
 * Other confirmations (a forgotten-password reset) are left alone.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { confirmedBrokerLicenceKey } from '@shared/uploads/keys';
import { cognitoUserDirectory, type UserDirectory } from '@functions/lib/cognito';
import { config } from '@functions/lib/config';
import { authData, type AuthData } from './data';
import { lazy } from '@functions/lib/lazy';
import { logger } from '@functions/lib/logger';
import { newNotificationId, notify } from '@functions/domain/notifications/notify';
import { copyObjectSigned, deleteObjectSigned } from '@functions/lib/s3-objects';

/** The licence files in the licences bucket. */
export interface LicenceFiles {
  /** False, changing nothing, when there is no object at `from`. */
  copy(from: string, to: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

export interface PostConfirmationDeps {
  /** The directory of the pool that fired the trigger (the function cannot be given the pool id: that would be a cycle). */
  directory: (userPoolId: string) => UserDirectory;
  data: AuthData;
  licences: LicenceFiles;
  clock?: () => Date;
}

export function createPostConfirmationHandler(deps: () => PostConfirmationDeps) {
  return async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const { directory, data, licences, clock = () => new Date() } = deps();
    const attributes = event.request.userAttributes;
    const userId = attributes.sub;
    const email = attributes.email;
    if (!userId || !email) throw new Error('Confirmed user has no sub or e-mail attribute');

    await directory(event.userPoolId).addToGroup(event.userName, 'broker');
    const fullName = attributes.name?.trim() || email;
    const now = clock();
    // Every admin is told in the same transaction; a retried confirmation writes nothing (the user exists). The
    // notifications share one id, kept on the profile, so the approval can resolve them.
    const admins = await data.notifications.admins();
    const approvalNoticeId = newNotificationId(now);
    const awaiting = data.notifications.writes(
      admins.map((admin) => notify.brokerAwaitingApproval(admin.userId, { fullName })),
      now,
      approvalNoticeId,
    );
    const created = await data.users.registerBroker({ userId, email, fullName, approvalNoticeId }, now, undefined, awaiting);
    const licence = await keepSignUpLicence(userId, data, licences);
    logger.info('broker sign-up confirmed', { userId, created, licence });
    return event;
  };
}

/**
 * The licence recorded at sign-up still points into `pending/`: copy the file to its final key, record that key,
 * then delete the pending file. In this order a retry after any failed step finishes the job, and at worst a
 * pending copy is left for the bucket's one-day expiry. When the browser never uploaded the file (a failed
 * upload at sign-up is ignored, spec), there is nothing to move and the record is left as it is.
 */
async function keepSignUpLicence(userId: string, data: AuthData, licences: LicenceFiles): Promise<'none' | 'moved' | 'missing'> {
  const pendingKey = (await data.users.getBrokerProfile(userId))?.licenseDocumentUrl;
  const finalKey = pendingKey ? confirmedBrokerLicenceKey(userId, pendingKey) : undefined;
  if (!pendingKey || !finalKey) return 'none';
  if (!(await licences.copy(pendingKey, finalKey))) return 'missing';
  await data.users.recordLicenceDocument(userId, finalKey);
  await licences.remove(pendingKey);
  return 'moved';
}

const defaults = lazy<PostConfirmationDeps>(() => ({
  // The Cognito client loads on first use; the licence files are moved with plain signed requests, not the S3
  // client, whose SDK code would otherwise be part of every cold start (functions/lib/s3-objects.ts).
  directory: (userPoolId) => cognitoUserDirectory(undefined, () => userPoolId),
  data: authData(),
  licences: {
    copy: (from, to) => copyObjectSigned({ bucket: config.brokerLicencesBucket, from, to }),
    remove: (key) => deleteObjectSigned({ bucket: config.brokerLicencesBucket, key }),
  },
}));

export const handler = createPostConfirmationHandler(defaults);
