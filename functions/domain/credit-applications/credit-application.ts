/** A credit application link of a deal (a `credit_applications` record), found by its token. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { CREDIT_APPLICATION_STATUSES } from '../enums';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const creditApplicationsOfDeal = (dealId: string) => `CREDITAPPS#${dealId}`;

export const creditApplicationSchema = item({
  /** 128-bit random, the only thing the public link carries. */
  token: string().key(),
  id: string(),
  dealId: string(),
  status: string().enum(...CREDIT_APPLICATION_STATUSES),
  /** ISO date-time after which a valid link reads as expired. */
  validUntil: string().optional(),
  completedAt: string().optional(),
  /** When a regenerated link replaced this one (its status is then `invalid`). */
  revokedAt: string().optional(),
  createdAt: string(),
}).and((_schema) => ({
  /** A deal's applications, newest last. */
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ dealId }) => creditApplicationsOfDeal(dealId)),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, id }) => `${createdAt}#${id}`),
}));

export const creditApplicationEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'creditApplication',
      table,
      schema: creditApplicationSchema,
      computeKey: ({ token }) => ({ pk: `CREDITAPP#${token}`, sk: 'CREDITAPP' }),
    }),
);

export type CreditApplication = FormattedItem<ReturnType<typeof creditApplicationEntity>>;
