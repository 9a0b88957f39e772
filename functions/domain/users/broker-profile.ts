/**
 * A broker's profile (a `broker_profiles` record). The item can exist before its user does: the licence recorded at
 * sign-up is written before the e-mail is confirmed (with a TTL, see the users store), and the confirmation fills
 * in the rest with an UpdateItem.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { COMMISSION_TYPES } from '../enums';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS, sortable } from '@functions/lib/data/keys';

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

/** The licence-expiry index's one partition: licensed brokers by licence expiration date. */
export const LICENCE_EXPIRY_PARTITION = 'BROKER#licence-expiry';

interface LicenceFacts {
  userId?: unknown;
  isLicensed?: unknown;
  licenseExpirationDate?: unknown;
}

/**
 * Licensed brokers by licence expiration date (`YYYY-MM-DD#userId`), for the daily licence job: the brokers whose
 * licence expired before today are one Query (`lt` today), however many brokers there are. Sparse: only a licensed
 * profile with an expiration date is in it, so un-licensing (or clearing the date) takes the broker out. An update
 * that sets `isLicensed` must give `licenseExpirationDate` too (or its removal), or the keys are computed without it.
 */
const licenceExpiryKeys = ({ userId, isLicensed, licenseExpirationDate }: LicenceFacts) =>
  isLicensed === true && typeof licenseExpirationDate === 'string'
    ? { gsi6pk: LICENCE_EXPIRY_PARTITION, gsi6sk: `${licenseExpirationDate}#${String(userId)}` }
    : undefined;

/** On an update: the keys when licensed with a date, removed when `isLicensed` is given otherwise, untouched else. */
const licenceExpiryUpdate = (profile: LicenceFacts, key: 'gsi6pk' | 'gsi6sk') => {
  const keys = licenceExpiryKeys(profile);
  if (keys) return keys[key];
  return typeof profile.isLicensed === 'boolean' ? $remove() : undefined;
};

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
  /**
   * The id the admins' "broker awaiting approval" notifications of this sign-up share (one per admin, each in its
   * admin's list): approving the broker marks them read (docs/decisions.md, "Notifications").
   */
  approvalNoticeId: string().optional(),
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
  gsi6pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>((profile) => licenceExpiryKeys(profile)?.gsi6pk)
    .updateLink<typeof _schema>((profile) => licenceExpiryUpdate(profile, 'gsi6pk')),
  gsi6sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>((profile) => licenceExpiryKeys(profile)?.gsi6sk)
    .updateLink<typeof _schema>((profile) => licenceExpiryUpdate(profile, 'gsi6sk')),
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
