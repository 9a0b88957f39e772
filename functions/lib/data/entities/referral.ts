/** A referral made by a user (spec: referral). */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import type { LeaseDeskTable } from '../table';
import { ENTITY_DEFAULTS } from './keys';

export const referralsOf = (referrerUserId: string) => `REFERRALS#${referrerUserId}`;

export const referralSchema = item({
  id: string().key(),
  fullName: string(),
  email: string(),
  dealId: string().optional(),
  referrerUserId: string(),
  createdAt: string(),
}).and((_schema) => ({
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ referrerUserId }) => referralsOf(referrerUserId)),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, id }) => `${createdAt}#${id}`),
}));

export const referralEntity = (table: LeaseDeskTable) =>
  new Entity({
    ...ENTITY_DEFAULTS,
    name: 'referral',
    table,
    schema: referralSchema,
    computeKey: ({ id }) => ({ pk: `REFERRAL#${id}`, sk: 'REFERRAL' }),
  });

export type Referral = FormattedItem<ReturnType<typeof referralEntity>>;
