/**
 * The agreement store: the company's versions, and each deal's sending, viewing and signature (./agreement.ts).
 * Writes that must happen once are conditional: a version number is taken once, a deal's client signs once.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { queryAll } from '@functions/lib/data/query';
import type { OutboxMessage, OutboxStore } from '@functions/lib/data/outbox-store';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { commit, isConditionalCheckFailure } from '@functions/lib/data/transactions';
import {
  AGREEMENT_VERSIONS_PARTITION,
  agreementSignatureEntity,
  agreementVersionEntity,
  dealAgreementEntity,
  type AgreementSignature,
  type AgreementVersionItem,
  type DealAgreementItem,
} from './agreement';

export type { AgreementSignature, AgreementVersionItem, DealAgreementItem } from './agreement';

/** The agreement store's port: what its callers use (docs/architecture.md, "The domain"). */
export interface AgreementStore {
  versions(): Promise<AgreementVersionItem[]>;
  current(): Promise<AgreementVersionItem | null>;
  addVersion(version: AgreementVersionItem): Promise<boolean>;
  dealAgreement(dealId: string, clientId: string): Promise<DealAgreementItem | null>;
  signature(dealId: string, clientId: string): Promise<AgreementSignature | null>;
  markSent(dealId: string, clientId: string, message: OutboxMessage, outbox: OutboxStore): Promise<void>;
  markViewed(dealId: string, clientId: string, at: string): Promise<void>;
  sign(signature: AgreementSignature, copies: OutboxMessage[], outbox: OutboxStore): Promise<boolean>;
}

export function agreementStore(table: LeaseDeskTable): AgreementStore {
  const entities = {
    get version() {
      return agreementVersionEntity(table);
    },
    get deal() {
      return dealAgreementEntity(table);
    },
    get signature() {
      return agreementSignatureEntity(table);
    },
  };
  return {
    /** Every version, newest first (one Query; an agreement is edited a handful of times). */
    async versions(): Promise<AgreementVersionItem[]> {
      return queryAll(entities.version, { partition: AGREEMENT_VERSIONS_PARTITION }, { reverse: true });
    },

    /** The current version, or null before the first. */
    async current(): Promise<AgreementVersionItem | null> {
      const [latest] = await queryAll(entities.version, { partition: AGREEMENT_VERSIONS_PARTITION }, { reverse: true, limit: 1 });
      return latest ?? null;
    },

    /** Stores a version on the condition that its number is free; false when another was saved with it first. */
    async addVersion(version: AgreementVersionItem): Promise<boolean> {
      try {
        await entities.version
          .build(PutItemCommand)
          .item(version)
          .options({ condition: { attr: 'version', exists: false } })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async dealAgreement(dealId: string, clientId: string): Promise<DealAgreementItem | null> {
      return (
        (await entities.deal.build(GetItemCommand).key({ dealId, clientId }).options({ consistent: true }).send()).Item ?? null
      );
    },

    async signature(dealId: string, clientId: string): Promise<AgreementSignature | null> {
      return (
        (await entities.signature.build(GetItemCommand).key({ dealId, clientId }).options({ consistent: true }).send()).Item ??
        null
      );
    },

    /** Records the link sent, with the message that sends it (the outbox), in one transaction. */
    async markSent(dealId: string, clientId: string, message: OutboxMessage, outbox: OutboxStore): Promise<void> {
      const outcome = await commit([
        entities.deal.build(UpdateTransaction).item({ dealId, clientId, sentAt: message.createdAt, sentTo: message.to }),
        outbox.putTransaction(message),
      ]);
      if (!outcome.ok) throw new Error(`Could not record the agreement sent for deal ${dealId}`);
    },

    /** Records the first view only (a later view changes nothing). */
    async markViewed(dealId: string, clientId: string, at: string): Promise<void> {
      try {
        await entities.deal
          .build(UpdateItemCommand)
          .item({ dealId, clientId, viewedAt: at })
          .options({ condition: { attr: 'viewedAt', exists: false } })
          .send();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    /**
     * The signature with the copies that e-mail it (the outbox), in one transaction, on the condition that the deal's
     * client has not signed yet: false, nothing written, when they have.
     */
    async sign(signature: AgreementSignature, copies: OutboxMessage[], outbox: OutboxStore): Promise<boolean> {
      const outcome = await commit([
        entities.signature
          .build(PutTransaction)
          .item(signature)
          .options({ condition: { attr: 'dealId', exists: false } }),
        ...copies.map((message) => outbox.putTransaction(message)),
      ]);
      return outcome.ok;
    },
  };
}
