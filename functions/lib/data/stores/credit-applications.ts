/**
 * Credit application links (spec: credit_applications): a 128-bit random token per link, found by its token (the
 * public page) or by its deal (the newest one, for the deal's detail and the "copy link" button).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import type { Entities } from '../entities';
import { creditApplicationsOfDeal, type CreditApplication } from '../entities/credit-application';
import { queryAll } from '../query';

export type { CreditApplication } from '../entities/credit-application';

export function creditApplicationStore(entities: Pick<Entities, 'creditApplication'>) {
  return {
    async get(token: string): Promise<CreditApplication | null> {
      return (await entities.creditApplication.build(GetItemCommand).key({ token }).send()).Item ?? null;
    },

    /** The deal's newest link, whatever its state (one Query, one item). */
    async latestOfDeal(dealId: string): Promise<CreditApplication | null> {
      const [latest] = await queryAll(
        entities.creditApplication,
        { index: 'gsi1', partition: creditApplicationsOfDeal(dealId) },
        { reverse: true, limit: 1 },
      );
      return latest ?? null;
    },

    /** Stores a new link; a token is 128 random bits, so the condition only guards against a programming error. */
    async create(link: CreditApplication): Promise<CreditApplication> {
      await entities.creditApplication
        .build(PutItemCommand)
        .item(link)
        .options({ condition: { attr: 'token', exists: false } })
        .send();
      return link;
    },
  };
}
