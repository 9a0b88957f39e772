/**
 * Where Cognito sends a forgotten-password code (docs/security.md, "Password reset by phone"), for the local layer:
 * the pool's AccountRecoverySetting names the verified attributes to use, in priority order; the first the user has
 * verified wins, and a user with none verified gets no code (InvalidParameterException). The pool here and the CDK
 * pool (infra/stacks/auth-stack.ts, `AccountRecovery.EMAIL_AND_PHONE_WITHOUT_MFA`) hold the same mechanisms: a
 * verified e-mail first, else a verified phone (test/infra/auth-recovery.test.ts compares them).
 */

export interface RecoveryMechanism {
  Name: 'verified_email' | 'verified_phone_number' | 'admin_only';
  Priority: number;
}

/** The pool's recovery: as CDK's EMAIL_AND_PHONE_WITHOUT_MFA synthesizes it (MFA is off, so no phone is excluded). */
export const ACCOUNT_RECOVERY_MECHANISMS: readonly RecoveryMechanism[] = [
  { Name: 'verified_email', Priority: 1 },
  { Name: 'verified_phone_number', Priority: 2 },
];

/** Cognito's answer when no mechanism applies. */
export const NO_RECOVERY_MESSAGE = 'Cannot reset password for the user as there is no registered/verified email or phone_number';

export type CodeDelivery =
  | { AttributeName: 'email'; DeliveryMedium: 'EMAIL'; Destination: string }
  | { AttributeName: 'phone_number'; DeliveryMedium: 'SMS'; Destination: string };

type Attributes = readonly { Name: string; Value?: string }[] | undefined;

const valueOf = (attributes: Attributes, name: string) => attributes?.find((attribute) => attribute.Name === name)?.Value;

/** Pure: where the code goes (the real address, for sending), or null when the user has nothing verified to use. */
export function recoveryDelivery(
  mechanisms: readonly RecoveryMechanism[] | undefined,
  attributes: Attributes,
): CodeDelivery | null {
  const ordered = [...(mechanisms ?? ACCOUNT_RECOVERY_MECHANISMS)].sort((a, b) => a.Priority - b.Priority);
  for (const { Name } of ordered) {
    if (Name === 'verified_email') {
      const email = valueOf(attributes, 'email');
      if (email && valueOf(attributes, 'email_verified') === 'true') {
        return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
      }
    }
    if (Name === 'verified_phone_number') {
      const phone = valueOf(attributes, 'phone_number');
      if (phone && valueOf(attributes, 'phone_number_verified') === 'true') {
        return { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: phone };
      }
    }
  }
  return null;
}

/** Pure: the destination as Cognito shows it to the caller ("+*******2671", "c***@e***"). */
export function maskedDestination(delivery: CodeDelivery): string {
  if (delivery.DeliveryMedium === 'SMS') {
    return `${delivery.Destination.slice(0, 1)}${'*'.repeat(Math.max(0, delivery.Destination.length - 5))}${delivery.Destination.slice(-4)}`;
  }
  const [local = '', domain = ''] = delivery.Destination.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}
