/**
 * A dealer login being made (docs/security.md, "Dealer logins"): written before the Cognito account is created and
 * deleted once the dealer's user item is written, so an account left behind by an add that died half-way (a
 * Cognito user without its group or user item) is known as this flow's own, and the admin's next add of the same
 * e-mail at the same dealership takes it over and finishes the job. Keyed by the e-mail (lower case), one per address.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const dealerLoginClaimSchema = item({
  email: string().key(),
  dealershipId: string(),
  fullName: string(),
  /** ISO date-time of the latest attempt. */
  claimedAt: string(),
});

export const dealerLoginClaimEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'dealerLoginClaim',
      table,
      schema: dealerLoginClaimSchema,
      computeKey: ({ email }) => ({ pk: `DEALERLOGIN#${email}`, sk: 'DEALERLOGIN' }),
    }),
);

export type DealerLoginClaim = FormattedItem<ReturnType<typeof dealerLoginClaimEntity>>;
