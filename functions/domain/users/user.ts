/**
 * A user: the user_roles and profiles records in one item (role, dealership and full name are always read together).
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { ROLES } from '@shared/auth/roles';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS, sortable } from '@functions/lib/data/keys';

export const dealersPartition = (dealershipId: string) => `DEALERS#${dealershipId}`;

export const userSchema = item({
  userId: string().key(),
  role: string().enum(...ROLES),
  fullName: string(),
  email: string(),
  /** Dealers only: the dealership whose deals and vehicles they see. */
  dealershipId: string().optional(),
  /** Dealers only, optional: the dealer's licence number (the dealer-contact rules). */
  licenseNumber: string().optional(),
  createdAt: string(),
}).and((_schema) => ({
  /** Users of a role ordered by name. */
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ role }) => `ROLE#${role}`),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ fullName, userId }) => `${sortable(fullName)}#${userId}`),
  /** Dealers of a dealership ordered by name (sparse: only users with a dealership). */
  gsi2pk: string()
    .hidden()
    .optional()
    .link<typeof _schema>(({ dealershipId }) => (dealershipId ? dealersPartition(dealershipId) : undefined)),
  gsi2sk: string()
    .hidden()
    .optional()
    .link<typeof _schema>(({ dealershipId, fullName, userId }) => (dealershipId ? `${sortable(fullName)}#${userId}` : undefined)),
}));

export const userEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'user',
      table,
      schema: userSchema,
      computeKey: ({ userId }) => ({ pk: `USER#${userId}`, sk: 'USER' }),
    }),
);

export type User = FormattedItem<ReturnType<typeof userEntity>>;
