/**
 * Credit application links (the `credit_applications` records): a 128-bit random token per link, found by its token
 * (the public page) or by its deal (the newest one, for the deal's detail and the "copy link" button).
 *
 * State changes are conditional writes on the stored status, so that a regenerate and a completion arriving at
 * the same time cannot both win: a link is completed only while `valid`, and revoked only while `valid`.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { creditApplicationEntity, creditApplicationsOfDeal, type CreditApplication } from './credit-application';
import { queryAll } from '@functions/lib/data/query';
import { commit } from '@functions/lib/data/transactions';
import { dealEntity } from '../deals/entities/deal';
import { notificationWrites, notify } from '@functions/domain/notifications/notify';

export type { CreditApplication } from './credit-application';

/** The credit applications store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface CreditApplicationStore {
  get(token: string): Promise<CreditApplication | null>;
  /** The deal's newest link, whatever its state (one Query, one item). */
  latestOfDeal(dealId: string): Promise<CreditApplication | null>;
  /** Stores a new link; a token is 128 random bits, so the condition only guards against a programming error. */
  create(link: CreditApplication): Promise<CreditApplication>;
  /**
   * Stores `link` and, in the same transaction, revokes `previous` (status `invalid`) if it is still `valid`:
   * the old link stops working the moment the new one exists. False when `previous` changed meanwhile (completed
   * or revoked by a concurrent request); nothing is written then.
   */
  replace(previous: CreditApplication | null, link: CreditApplication, now: Date): Promise<boolean>;
  /**
   * Marks a link completed if it is still valid at `now` (not revoked, completed or past its date). True when
   * this call completed it; false when it was not valid (a repeat delivery, a revoked or expired link, no link).
   */
  complete(token: string, now: Date): Promise<boolean>;
}

export function creditApplicationStore(table: LeaseDeskTable): CreditApplicationStore {
  const entities = {
    get creditApplication() {
      return creditApplicationEntity(table);
    },
  };
  return {
    async get(token: string): Promise<CreditApplication | null> {
      return (await entities.creditApplication.build(GetItemCommand).key({ token }).send()).Item ?? null;
    },

    async latestOfDeal(dealId: string): Promise<CreditApplication | null> {
      const [latest] = await queryAll(
        entities.creditApplication,
        { index: 'gsi1', partition: creditApplicationsOfDeal(dealId) },
        { reverse: true, limit: 1 },
      );
      return latest ?? null;
    },

    async create(link: CreditApplication): Promise<CreditApplication> {
      await entities.creditApplication
        .build(PutItemCommand)
        .item(link)
        .options({ condition: { attr: 'token', exists: false } })
        .send();
      return link;
    },

    async replace(previous: CreditApplication | null, link: CreditApplication, now: Date): Promise<boolean> {
      const revoke =
        previous?.status === 'valid'
          ? [
              entities.creditApplication
                .build(UpdateTransaction)
                .item({ token: previous.token, status: 'invalid', revokedAt: now.toISOString() })
                .options({ condition: { attr: 'status', eq: 'valid' } }),
            ]
          : [];
      const outcome = await commit([
        ...revoke,
        entities.creditApplication
          .build(PutTransaction)
          .item(link)
          .options({ condition: { attr: 'token', exists: false } }),
      ]);
      return outcome.ok;
    },

    async complete(token: string, now: Date): Promise<boolean> {
      // The deal's broker is told in the same transaction (functions/domain/notifications/notify.ts): once, exactly when it completes.
      const application = (await entities.creditApplication.build(GetItemCommand).key({ token }).send()).Item;
      const deal = application
        ? (await dealEntity(table).build(GetItemCommand).key({ id: application.dealId }).send()).Item
        : undefined;
      const outcome = await commit([
        entities.creditApplication
          .build(UpdateTransaction)
          .item({ token, status: 'completed', completedAt: now.toISOString() })
          .options({
            condition: {
              and: [
                { attr: 'token', exists: true },
                { attr: 'status', eq: 'valid' },
                { attr: 'validUntil', gt: now.toISOString() },
              ],
            },
          }),
        ...(deal ? notificationWrites(table, [notify.creditApplicationCompleted(deal.brokerId, deal)], now) : []),
      ]);
      return outcome.ok;
    },
  };
}
