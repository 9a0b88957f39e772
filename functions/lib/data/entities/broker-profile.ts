/**
 * A broker's profile (spec: broker_profiles). The item can exist before its user does: the licence recorded at
 * sign-up is written before the e-mail is confirmed (with a TTL, see the users store), and the confirmation fills
 * in the rest with an UpdateItem.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { COMMISSION_TYPES } from '../enums';
import { perTable } from '../table';
import { ENTITY_DEFAULTS, sortable } from './keys';

interface ApprovalFacts {
  userId?: unknown;
  isApproved?: unknown;
  isLicensed?: unknown;
  fullName?: unknown;
}

/**
 * Approved / pending lists, and "approved and licensed ordered by full name" (begins with `licensed#true#`).
 * Sparse: a profile holding only the licence recorded before confirmation is in no list. An update that changes
 * one of these attributes must give all three, or the index keys are left as they were.
 */
const approvalKeys = ({ userId, isApproved, isLicensed, fullName }: ApprovalFacts) =>
  typeof isApproved === 'boolean' && typeof isLicensed === 'boolean' && typeof fullName === 'string'
    ? { gsi1pk: `BROKER#approved#${isApproved}`, gsi1sk: `licensed#${isLicensed}#${sortable(fullName)}#${String(userId)}` }
    : undefined;

export const brokerApprovalPartition = (isApproved: boolean) => `BROKER#approved#${isApproved}`;

export const brokerProfileSchema = item({
  userId: string().key(),
  fullName: string().optional(),
  email: string().optional(),
  phone: string().optional(),
  profilePhotoUrl: string().optional(),
  startedAt: string().optional(),
  isLicensed: boolean().optional(),
  licenseNumber: string().optional(),
  licenseExpirationDate: string().optional(),
  /** The private object key in the licences bucket, viewed only through a short-lived signed URL. */
  licenseDocumentUrl: string().optional(),
  commissionType: string()
    .enum(...COMMISSION_TYPES)
    .optional(),
  commissionValue: number().optional(),
  isApproved: boolean().optional(),
  /**
   * Incremented by every save of the admin's approve/edit dialog: the save is conditional on the revision it read,
   * so two admins saving at once cannot record a history whose "before" is not what was replaced.
   */
  approvalRevision: number().optional(),
  /** Set by the confirmation; its absence is what marks a profile as not yet confirmed. */
  createdAt: string().optional(),
  /** Epoch seconds (the table's TTL): only on a profile whose sign-up is not confirmed yet. */
  expiresAt: number().optional().hidden(),
}).and((_schema) => ({
  gsi1pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>((profile) => approvalKeys(profile)?.gsi1pk)
    .updateLink<typeof _schema>((profile) => approvalKeys(profile)?.gsi1pk),
  gsi1sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>((profile) => approvalKeys(profile)?.gsi1sk)
    .updateLink<typeof _schema>((profile) => approvalKeys(profile)?.gsi1sk),
}));

export const brokerProfileEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'brokerProfile',
      table,
      schema: brokerProfileSchema,
      computeKey: ({ userId }) => ({ pk: `USER#${userId}`, sk: 'BROKER' }),
    }),
);

export type BrokerProfile = FormattedItem<ReturnType<typeof brokerProfileEntity>>;
