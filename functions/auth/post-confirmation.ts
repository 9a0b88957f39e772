/**
 * Cognito PostConfirmation trigger: a confirmed self sign-up becomes a broker pending approval. It joins the
 * broker group and gets its user record and broker profile (not approved, not licensed). Both steps are
 * idempotent, so Cognito's retry of a failed invocation neither duplicates nor resets anything. Other
 * confirmations (a forgotten-password reset) are left alone.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { cognitoUserDirectory, type UserDirectory } from '../lib/cognito';
import { defaultData, type Data } from '../lib/data';
import { lazy } from '../lib/lazy';
import { logger } from '../lib/logger';

export interface PostConfirmationDeps {
  /** The directory of the pool that fired the trigger (the function cannot be given the pool id: that would be a cycle). */
  directory: (userPoolId: string) => UserDirectory;
  data: Pick<Data, 'users'>;
  clock?: () => Date;
}

export function createPostConfirmationHandler(deps: () => PostConfirmationDeps) {
  return async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const { directory, data, clock = () => new Date() } = deps();
    const attributes = event.request.userAttributes;
    const userId = attributes.sub;
    const email = attributes.email;
    if (!userId || !email) throw new Error('Confirmed user has no sub or e-mail attribute');

    await directory(event.userPoolId).addToGroup(event.userName, 'broker');
    const created = await data.users.registerBroker(
      { userId, email, fullName: attributes.name?.trim() || email },
      clock(),
    );
    logger.info('broker sign-up confirmed', { userId, created });
    return event;
  };
}

const defaults = lazy<PostConfirmationDeps>(() => ({
  directory: (userPoolId) => cognitoUserDirectory(undefined, () => userPoolId),
  data: defaultData(),
}));

export const handler = createPostConfirmationHandler(defaults);
