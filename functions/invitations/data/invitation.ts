/** A consumer invitation (an `invitation` record), found by the token its sign-up link carries. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { DELIVERY_STATUSES, INVITATION_STATUSES, INVITATION_TYPES } from '@functions/domain/enums';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const invitationsOfClient = (clientId: string) => `INVITATIONS#${clientId}`;

const invitationKey = (token: string) => ({ pk: `INVITATION#${token}`, sk: 'INVITATION' });

/** Where the outbox records how the invitation's e-mail or text went (functions/lib/outbox.ts). */
export const invitationDeliveryRecord = (token: string) => ({
  ...invitationKey(token),
  statusPath: 'deliveryStatus',
  errorPath: 'deliveryError',
});

/** Where the outbox records how an SMS invitation's e-mail code went. */
export const emailCodeDeliveryRecord = (token: string) => ({
  ...invitationKey(token),
  statusPath: 'emailCodeDeliveryStatus',
  errorPath: 'emailCodeDeliveryError',
});

export const invitationSchema = item({
  /** 128-bit random, carried by the sign-up link. */
  token: string().key(),
  id: string(),
  clientId: string(),
  clientName: string(),
  clientEmail: string().optional(),
  clientPhone: string().optional(),
  invitationType: string().enum(...INVITATION_TYPES),
  invitedBy: string(),
  /** The e-mail address or phone number the invitation was sent to. */
  sentTo: string(),
  /** `used` is set in the same conditional write that creates the consumer's link: one account per invitation. */
  status: string().enum(...INVITATION_STATUSES),
  /** While `accepting`: which accept holds the claim, and until when (ISO); an older claim may be taken over. */
  claimId: string().optional(),
  claimedUntil: string().optional(),
  /**
   * The e-mail of the account an accept began creating and never concluded (its Lambda died, or Cognito's answer
   * was lost): the next accept with the same e-mail may take that account over (functions/invitations).
   */
  accountEmail: string().optional(),
  /** ISO date-time; not the table's TTL attribute, so an expired invitation still reads as expired. */
  validUntil: string(),
  /** `retrying` until sent (functions/lib/outbox.ts); a send not done keeps the provider's error. */
  deliveryStatus: string()
    .enum(...DELIVERY_STATUSES)
    .optional(),
  deliveryError: string().optional(),
  /**
   * An SMS invitation's e-mail code (docs/decisions.md, "E-mail code for SMS invitations"): its SHA-256 with the token,
   * never the code; until when it is good (ISO); the checks made of it (at most EMAIL_CODE_MAX_CHECKS); and how its
   * e-mail went (the outbox marks it). A new code replaces all of it.
   */
  emailCodeHash: string().optional(),
  emailCodeValidUntil: string().optional(),
  emailCodeChecks: number().optional(),
  emailCodeDeliveryStatus: string()
    .enum(...DELIVERY_STATUSES)
    .optional(),
  emailCodeDeliveryError: string().optional(),
  usedBy: string().optional(),
  usedAt: string().optional(),
  createdAt: string(),
}).and((_schema) => ({
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ clientId }) => invitationsOfClient(clientId)),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, id }) => `${createdAt}#${id}`),
}));

export const invitationEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'invitation',
      table,
      schema: invitationSchema,
      computeKey: ({ token }) => invitationKey(token),
    }),
);

export type Invitation = FormattedItem<ReturnType<typeof invitationEntity>>;
