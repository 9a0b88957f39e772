import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brokerProfileEntity } from './users/broker-profile';
import { dealEntity } from './deals/entities/deal';
import { dealStore } from './deals/deals';
import { createToolboxTable } from '@functions/lib/data/table';

/** Counts the entities dynamodb-toolbox builds (each checks its schema as it is built), and still builds the real ones. */
const built = vi.hoisted(() => [] as string[]);
vi.mock('dynamodb-toolbox/entity', async (importOriginal) => {
  const toolbox = await importOriginal<typeof import('dynamodb-toolbox/entity')>();
  const RealEntity = toolbox.Entity as unknown as new (options: { name: string }) => object;
  class CountedEntity extends RealEntity {
    constructor(options: { name: string }) {
      super(options);
      built.push(options.name);
    }
  }
  return { ...toolbox, Entity: CountedEntity };
});

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));

describe('an entity over a table', () => {
  beforeEach(() => {
    built.length = 0;
  });

  it('is built on first use only, and kept for that table', () => {
    const table = createToolboxTable(client, 'table');

    const first = dealEntity(table);
    const second = dealEntity(table);

    expect(second).toBe(first);
    expect(built).toEqual(['deal']);
  });

  it('is built once per table, over that table', () => {
    const [one, two] = [createToolboxTable(client, 'one'), createToolboxTable(client, 'two')];

    expect(dealEntity(one).table.getName()).toBe('one');
    expect(dealEntity(two).table.getName()).toBe('two');
    expect(built).toEqual(['deal', 'deal']);
  });

  it('is not built by a store until one of its calls needs it', () => {
    dealStore(createToolboxTable(client, 'table'));

    expect(built).toEqual([]);
  });
});

describe('deal keys', () => {
  const deal = dealEntity(createToolboxTable(client, 'table'));
  const fields = {
    id: 'd1',
    brokerId: 'b1',
    year: 2026,
    make: 'BMW',
    model: 'X5 M',
    dealType: 'lease',
    status: 'available',
    monthlyPayment: 899,
    downPayment: 2999,
    termMonths: 36,
    isArchived: false,
    creditAppFormType: 'generic',
    createdAt: '2026-03-10T15:00:00.000Z',
    revision: 1,
  } as const;

  it('computes every index key from the named attributes, and leaves the sparse ones out when their attribute is absent', () => {
    const item = deal
      .build(PutItemCommand)
      .item({ ...fields, listing: true })
      .params().Item!;

    expect(item).toMatchObject({
      pk: 'DEAL#d1',
      sk: 'DEAL',
      gsi1pk: 'DEAL#status#available',
      gsi2pk: 'BROKER#b1#listings',
      gsi5pk: 'MARKETPLACE#archived#false',
      gsi5sk: 'bmw#x5 m#d1',
    });
    expect(item).not.toHaveProperty('gsi3pk');
    expect(item).not.toHaveProperty('gsi4pk');
    expect(item).not.toHaveProperty('gsi6pk');
  });

  it("keeps a client deal out of the marketplace index and in its broker's deals", () => {
    const item = deal
      .build(PutItemCommand)
      .item({ ...fields, listing: false })
      .params().Item!;

    expect(item).toMatchObject({ gsi2pk: 'BROKER#b1' });
    expect(item).not.toHaveProperty('gsi5pk');
    expect(item).not.toHaveProperty('gsi5sk');
  });

  it('keys a deal with an expiration date by its status and date, for the expiry job and the archive', () => {
    const item = deal
      .build(PutItemCommand)
      .item({ ...fields, expirationDate: '2026-04-01', clientId: 'c1' })
      .params().Item!;

    expect(item).toMatchObject({ gsi6pk: 'DEAL#expiry#available', gsi6sk: '2026-04-01#d1', gsi3pk: 'CLIENT#c1' });
  });
});

describe('broker profile keys: the licence-expiry index', () => {
  const profile = brokerProfileEntity(createToolboxTable(client, 'table'));
  const update = (item: Record<string, unknown>) => {
    const params = profile
      .build(UpdateItemCommand)
      .item({ userId: 'b1', ...item } as never)
      .params();
    return { expression: params.UpdateExpression ?? '', names: Object.values(params.ExpressionAttributeNames ?? {}) };
  };

  it('keys a licensed broker with an expiration date by that date', () => {
    const item = profile
      .build(PutItemCommand)
      .item({ userId: 'b1', isLicensed: true, licenseExpirationDate: '2027-01-31' })
      .params().Item!;

    expect(item).toMatchObject({ gsi6pk: 'BROKER#licence-expiry', gsi6sk: '2027-01-31#b1' });
  });

  it('leaves out a broker who is not licensed, or has no date', () => {
    for (const facts of [{ isLicensed: false, licenseExpirationDate: '2027-01-31' }, { isLicensed: true }]) {
      expect(
        profile
          .build(PutItemCommand)
          .item({ userId: 'b1', ...facts })
          .params().Item,
      ).not.toHaveProperty('gsi6pk');
    }
  });

  it('on an update: sets the keys when licensed with a date, removes them when un-licensed, leaves them otherwise', () => {
    const licensed = update({ isLicensed: true, licenseExpirationDate: '2027-01-31' });
    const unlicensed = update({ isLicensed: false, licenseExpirationDate: '2027-01-31' });
    const phoneOnly = update({ phone: '3035550100' });

    expect(licensed.names).toEqual(expect.arrayContaining(['gsi6pk', 'gsi6sk']));
    expect(licensed.expression).toMatch(/^SET /);
    expect(unlicensed.expression).toMatch(/REMOVE .*#/);
    expect(unlicensed.names).toEqual(expect.arrayContaining(['gsi6pk', 'gsi6sk']));
    expect(phoneOnly.names).not.toContain('gsi6pk');
  });
});
