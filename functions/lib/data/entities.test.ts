import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dealEntity } from './entities/deal';
import { dealStore } from '@functions/lib/data/deals/deals';
import { createToolboxTable } from './table';

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
    const item = deal.build(PutItemCommand).item(fields).params().Item!;

    expect(item).toMatchObject({
      pk: 'DEAL#d1',
      sk: 'DEAL',
      gsi1pk: 'DEAL#status#available',
      gsi5pk: 'MARKETPLACE#archived#false',
      gsi5sk: 'bmw#x5 m#d1',
    });
    expect(item).not.toHaveProperty('gsi3pk');
    expect(item).not.toHaveProperty('gsi4pk');
    expect(item).not.toHaveProperty('gsi6pk');
  });

  it('keys a deal with an expiration date by its status and date, for the expiry job and the archive', () => {
    const item = deal
      .build(PutItemCommand)
      .item({ ...fields, expirationDate: '2026-04-01', clientId: 'c1' })
      .params().Item!;

    expect(item).toMatchObject({ gsi6pk: 'DEAL#expiry#available', gsi6sk: '2026-04-01#d1', gsi3pk: 'CLIENT#c1' });
  });
});
