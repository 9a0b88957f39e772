/** A client e-mail claim: makes a client's e-mail unique (case-insensitive) with a conditional put in the client's transaction. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const clientEmailSchema = item({
  /** Trimmed and lower-cased. */
  email: string().key(),
  clientId: string(),
});

export const clientEmailEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'clientEmail',
      table,
      schema: clientEmailSchema,
      computeKey: ({ email }) => ({ pk: `CLIENTEMAIL#${email}`, sk: 'CLIENTEMAIL' }),
    }),
);

export type ClientEmail = FormattedItem<ReturnType<typeof clientEmailEntity>>;
