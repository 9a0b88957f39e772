/**
 * The brokering agreement's items (docs/data-model.md, "Agreements"):
 * - a version of the company's text: one partition, one item per version (sort key the padded version number), so the
 *   current one is the last of one Query and a new version is a put on the condition that its number is free;
 * - a deal's agreement with its client (sent, viewed): one item per deal and client;
 * - the client's signature: one item per deal and client, put on the condition that it does not exist, so a deal's
 *   client can never have two signatures.
 * A deal moved to another client starts with nothing: what the earlier client read or signed stays theirs.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS, padded } from '@functions/lib/data/keys';

/** The company's one agreement partition. */
export const AGREEMENT_VERSIONS_PARTITION = 'AGREEMENT#company';

export const agreementVersionEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'agreementVersion',
      table,
      schema: item({
        version: number().key(),
        text: string(),
        createdAt: string(),
        createdById: string(),
        createdByName: string(),
      }),
      computeKey: ({ version }) => ({ pk: AGREEMENT_VERSIONS_PARTITION, sk: `VERSION#${padded(version)}` }),
    }),
);
export type AgreementVersionItem = FormattedItem<ReturnType<typeof agreementVersionEntity>>;

export const dealAgreementEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'dealAgreement',
      table,
      schema: item({
        dealId: string().key(),
        clientId: string().key(),
        /** The last time the link was e-mailed, and where. */
        sentAt: string().optional(),
        sentTo: string().optional(),
        /** The first time the client opened it in the portal. */
        viewedAt: string().optional(),
      }),
      computeKey: ({ dealId, clientId }) => ({ pk: `DEALAGREEMENT#${dealId}`, sk: `CLIENT#${clientId}` }),
    }),
);
export type DealAgreementItem = FormattedItem<ReturnType<typeof dealAgreementEntity>>;

export const agreementSignatureEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'agreementSignature',
      table,
      schema: item({
        dealId: string().key(),
        clientId: string().key(),
        version: number(),
        /** The text as signed, placeholders filled: what the client agreed to, whatever later versions say. */
        text: string(),
        signedName: string(),
        signedAt: string(),
        sourceIp: string(),
        userId: string(),
      }),
      computeKey: ({ dealId, clientId }) => ({ pk: `AGREEMENTSIGNATURE#${dealId}`, sk: `CLIENT#${clientId}` }),
    }),
);
export type AgreementSignature = FormattedItem<ReturnType<typeof agreementSignatureEntity>>;
