/**
 * Cognito PreSignUp trigger: only the company's own e-mail addresses may sign themselves up. Users an admin
 * creates (dealers, admins, consumers accepting an invitation) are created server-side and pass. Nobody is
 * auto-confirmed: every self sign-up confirms its e-mail first.
 *
 * Cognito shows a thrown error to the caller as UserLambdaValidationException "PreSignUp failed with error <message>.",
 * so the message is the sentence the sign-up form shows under "Invalid Email".
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { companyDomainMessage, fullNameSchema, isCompanyEmail } from '@shared/auth/schemas';
import { config } from '@functions/lib/config';
import { logger } from '@functions/lib/logger';

export type SignUpDecision = { allow: true } | { allow: false; message: string };

/**
 * `isCompanyEmail` validates the address with the shared account e-mail schema first, so an address with two
 * "@" ("x@gmail.com@leasedesk.com") or one too long for Cognito is refused, not judged by its last "@".
 */
export function decideSignUp(
  triggerSource: string,
  email: string | undefined,
  companyDomain: string,
  fullName?: string,
): SignUpDecision {
  if (triggerSource === 'PreSignUp_AdminCreateUser') return { allow: true };
  if (email === undefined || !isCompanyEmail(email, companyDomain))
    return { allow: false, message: companyDomainMessage(companyDomain) };
  // The broker's name becomes their profile's (PostConfirmation): the sign-up form's rules, enforced here too.
  if (fullName !== undefined) {
    const name = fullNameSchema.safeParse(fullName);
    if (!name.success) return { allow: false, message: name.error.issues[0]!.message };
  }
  return { allow: true };
}

export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const { email, name } = event.request.userAttributes;
  const decision = decideSignUp(event.triggerSource, email, config.companyEmailDomain, name);
  if (!decision.allow) {
    logger.info('sign-up rejected', { triggerSource: event.triggerSource, reason: decision.message });
    throw new Error(decision.message);
  }
  event.response.autoConfirmUser = false;
  event.response.autoVerifyEmail = false;
  return event;
};
