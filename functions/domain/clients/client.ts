/** A client of a broker (a `clients` record). */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS, sortable } from '@functions/lib/data/keys';

/** Every client sits in one index partition: the clients screen lists all clients by name or date. */
export const CLIENTS_PARTITION = 'CLIENTS';
export const clientUserPartition = (userId: string) => `USER#${userId}`;

export const clientSchema = item({
  id: string().key(),
  fullName: string(),
  email: string().optional(),
  phone: string().optional(),
  address: string().optional(),
  creditScore: number().optional(),
  /** YYYY-MM-DD. */
  dateOfBirth: string().optional(),
  preferredMakes: list(string()).optional(),
  notes: string().optional(),
  /** The user who created the client (`profile_id`). */
  profileId: string(),
  /** The consumer account linked through an accepted invitation. */
  userId: string().optional(),
  createdAt: string(),
}).and((_schema) => ({
  /** All clients ordered by name. */
  gsi1pk: string().hidden().const(CLIENTS_PARTITION),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ fullName, id }) => `${sortable(fullName)}#${id}`),
  /** All clients ordered by creation. */
  gsi2pk: string().hidden().const(CLIENTS_PARTITION),
  gsi2sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, id }) => `${createdAt}#${id}`),
  /** The consumer's own client record (sparse: only linked clients). */
  gsi3pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ userId }) => (userId ? clientUserPartition(userId) : undefined)),
  gsi3sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ userId, id }) => (userId ? `CLIENT#${id}` : undefined)),
}));

export const clientEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'client',
      table,
      schema: clientSchema,
      computeKey: ({ id }) => ({ pk: `CLIENT#${id}`, sk: 'CLIENT' }),
    }),
);

export type Client = FormattedItem<ReturnType<typeof clientEntity>>;
