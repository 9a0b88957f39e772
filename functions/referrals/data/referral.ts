/**
 * A friend referred by a consumer from one of their closed deals (the product's `referral` record), with the outcome of
 * the e-mail to the friend (a failed e-mail is kept with its error).
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { DELIVERY_STATUSES } from '@functions/domain/enums';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const referralsOf = (referrerUserId: string) => `REFERRALS#${referrerUserId}`;

const referralKey = (id: string) => ({ pk: `REFERRAL#${id}`, sk: 'REFERRAL' });

/** Where the outbox records how the e-mail to the friend went (functions/lib/outbox.ts). */
export const referralDeliveryRecord = (id: string) => ({
  ...referralKey(id),
  statusPath: 'deliveryStatus',
  errorPath: 'deliveryError',
});

export const referralSchema = item({
  id: string().key(),
  fullName: string(),
  email: string(),
  dealId: string().optional(),
  referrerUserId: string(),
  /** The referring consumer's client record and the deal's broker (named in the e-mail). */
  clientId: string().optional(),
  brokerId: string().optional(),
  deliveryStatus: string()
    .enum(...DELIVERY_STATUSES)
    .optional(),
  deliveryError: string().optional(),
  createdAt: string(),
}).and((_schema) => ({
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ referrerUserId }) => referralsOf(referrerUserId)),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, id }) => `${createdAt}#${id}`),
}));

export const referralEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'referral',
      table,
      schema: referralSchema,
      computeKey: ({ id }) => referralKey(id),
    }),
);

export type Referral = FormattedItem<ReturnType<typeof referralEntity>>;
