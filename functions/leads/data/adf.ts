/**
 * ADF inbound lead addresses and the prospects they have received (docs/data-model.md, "ADF leads").
 *
 * - `adfAddress` (ADFADDRESS#{owner}): an owner's (a dealership's, or `company`) current address: its token, shown
 *   to admins again on the dealership page, and the token's SHA-256.
 * - `adfToken` (ADFTOKEN#{sha256 of the token}): what the webhook looks a token up by, one GetItem; the key holds the
 *   hash, never the token, so keys (in logs, metrics, backups' key lists) do not carry the secret.
 * - `adfProspect` (ADFPROSPECT#{sha256 of owner, source and id}): a received prospect, put under the condition that
 *   it does not exist in the same transaction as its lead, so a resent prospect (even ten at once) stores one lead.
 *
 * - `adfShopper` (ADFSHOPPER#{sha256 of owner and the shopper's e-mail or phone digits}): the open lead a shopper's
 *   next inquiry goes to, until 30 days after their last one (`until`; `expiresAt` lets the table's TTL drop it).
 *   Put in the document's transaction, conditioned on what was read (none, expired, or the same lead), so two
 *   documents of one new shopper at once cannot both make a lead.
 *
 * Regenerating writes the new address and token and deletes the old token in one transaction conditioned on the
 * address read, so two admins regenerating at once cannot leave two live tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';
import { perTable, type LeaseDeskTable } from '@functions/lib/data/table';
import { commit, type WriteOperation } from '@functions/lib/data/transactions';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A new token: 128 bits of randomness, base64url (22 characters). */
export const newAdfToken = () => randomBytes(16).toString('base64url');
export const adfTokenHash = (token: string) => sha256(token);
/** The dedupe key of a prospect at one owner: its sender's id and source. */
export const adfProspectHash = (owner: string, prospectKey: string) => sha256(`${owner}|${prospectKey}`);
/** The returning-shopper key at one owner: an e-mail or phone key (adf.ts `shopperKeys`). */
export const adfShopperHash = (owner: string, shopperKey: string) => sha256(`${owner}|${shopperKey}`);

const adfAddressSchema = item({
  owner: string().key(),
  token: string(),
  tokenHash: string(),
  createdAt: string(),
});

const adfTokenSchema = item({
  tokenHash: string().key(),
  owner: string(),
  createdAt: string(),
});

const adfProspectSchema = item({
  prospectHash: string().key(),
  owner: string(),
  leadId: string(),
  createdAt: string(),
});

const adfShopperSchema = item({
  shopperHash: string().key(),
  owner: string(),
  leadId: string(),
  /** ISO time: the shopper's inquiries go to the lead until then (30 days after the last). */
  until: string(),
  /** The table's TTL (epoch seconds), at `until`. */
  expiresAt: number(),
});

export const adfShopperEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'adfShopper',
      table,
      schema: adfShopperSchema,
      computeKey: ({ shopperHash }) => ({ pk: `ADFSHOPPER#${shopperHash}`, sk: 'ADFSHOPPER' }),
    }),
);

export type AdfShopperItem = FormattedItem<ReturnType<typeof adfShopperEntity>>;

export const adfAddressEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'adfAddress',
      table,
      schema: adfAddressSchema,
      computeKey: ({ owner }) => ({ pk: `ADFADDRESS#${owner}`, sk: 'ADFADDRESS' }),
    }),
);

export const adfTokenEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'adfToken',
      table,
      schema: adfTokenSchema,
      computeKey: ({ tokenHash }) => ({ pk: `ADFTOKEN#${tokenHash}`, sk: 'ADFTOKEN' }),
    }),
);

export const adfProspectEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'adfProspect',
      table,
      schema: adfProspectSchema,
      computeKey: ({ prospectHash }) => ({ pk: `ADFPROSPECT#${prospectHash}`, sk: 'ADFPROSPECT' }),
    }),
);

export type AdfAddressItem = FormattedItem<ReturnType<typeof adfAddressEntity>>;

/** Thrown when the address changed between the read and the write (another admin at the same moment). */
export class AdfAddressChangedError extends Error {
  override readonly name = 'AdfAddressChangedError';
}

export function adfStore(table: LeaseDeskTable) {
  const address = () => adfAddressEntity(table);
  const token = () => adfTokenEntity(table);
  const prospect = () => adfProspectEntity(table);
  const shopper = () => adfShopperEntity(table);

  const addressCondition = (current: AdfAddressItem | null) =>
    current ? { attr: 'tokenHash', eq: current.tokenHash } : { attr: 'owner', exists: false };

  return {
    /** The owner (a dealership id or `company`) of a live token, or null (unknown or revoked): one GetItem. */
    async ownerOfToken(value: string): Promise<string | null> {
      const { Item } = await token()
        .build(GetItemCommand)
        .key({ tokenHash: adfTokenHash(value) })
        .send();
      return Item?.owner ?? null;
    },

    async address(owner: string): Promise<AdfAddressItem | null> {
      return (await address().build(GetItemCommand).key({ owner }).options({ consistent: true }).send()).Item ?? null;
    },

    /** A new token for the owner; the previous one (if any) stops working in the same transaction. */
    async regenerate(owner: string, current: AdfAddressItem | null, now: Date): Promise<AdfAddressItem> {
      const value = newAdfToken();
      const next: AdfAddressItem = { owner, token: value, tokenHash: adfTokenHash(value), createdAt: now.toISOString() };
      const outcome = await commit([
        address()
          .build(PutTransaction)
          .item(next)
          .options({ condition: addressCondition(current) as never }),
        token().build(PutTransaction).item({ tokenHash: next.tokenHash, owner, createdAt: next.createdAt }),
        ...(current ? [token().build(DeleteTransaction).key({ tokenHash: current.tokenHash })] : []),
      ]);
      if (!outcome.ok) throw new AdfAddressChangedError(owner);
      return next;
    },

    /** Revokes the owner's address: its token answers 404 at once. */
    async revoke(current: AdfAddressItem): Promise<void> {
      const outcome = await commit([
        address()
          .build(DeleteTransaction)
          .key({ owner: current.owner })
          .options({ condition: { attr: 'tokenHash', eq: current.tokenHash } }),
        token().build(DeleteTransaction).key({ tokenHash: current.tokenHash }),
      ]);
      if (!outcome.ok) throw new AdfAddressChangedError(current.owner);
    },

    /** The lead a prospect already made at this owner, if it was received before. */
    async leadOfProspect(prospectHash: string): Promise<string | null> {
      const { Item } = await prospect().build(GetItemCommand).key({ prospectHash }).options({ consistent: true }).send();
      return Item?.leadId ?? null;
    },

    /** A returning-shopper key's item, if any (expired or not: the caller compares `until`). */
    async shopper(shopperHash: string): Promise<AdfShopperItem | null> {
      const { Item } = await shopper().build(GetItemCommand).key({ shopperHash }).options({ consistent: true }).send();
      return Item ?? null;
    },

    /**
     * The write that points a shopper key at a lead until `until`, conditioned on the item read (`read`): absent,
     * expired, or naming the same lead. Fails when another document of the same shopper got in first.
     */
    claimShopper(shopperHash: string, owner: string, leadId: string, until: Date, read: AdfShopperItem | null): WriteOperation {
      const condition = read
        ? {
            or: [
              { attr: 'leadId', eq: read.leadId },
              { attr: 'shopperHash', exists: false },
            ],
          }
        : { attr: 'shopperHash', exists: false };
      return shopper()
        .build(PutTransaction)
        .item({
          shopperHash,
          owner,
          leadId,
          until: until.toISOString(),
          expiresAt: Math.ceil(until.getTime() / 1000),
        })
        .options({ condition: condition as never });
    },

    /** The write that claims a prospect for a lead: to commit with the lead (fails its condition when resent). */
    claimProspect(prospectHash: string, owner: string, leadId: string, now: Date): WriteOperation {
      return prospect()
        .build(PutTransaction)
        .item({ prospectHash, owner, leadId, createdAt: now.toISOString() })
        .options({ condition: { attr: 'prospectHash', exists: false } });
    },
  };
}

export type AdfStore = ReturnType<typeof adfStore>;
