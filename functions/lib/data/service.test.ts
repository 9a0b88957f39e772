import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createEntities, type Entities } from './service';

/** Counts the models ElectroDB builds an Entity for (and validates), and still builds the real Entity. */
const built = vi.hoisted(() => [] as string[]);
vi.mock('electrodb', async (importOriginal) => {
  const electrodb = await importOriginal<typeof import('electrodb')>();
  const RealEntity = electrodb.Entity as unknown as new (schema: unknown, config?: unknown) => object;
  class CountedEntity extends RealEntity {
    constructor(schema: { model: { entity: string } }, config?: unknown) {
      super(schema, config);
      built.push(schema.model.entity);
    }
  }
  return { ...electrodb, Entity: CountedEntity };
});

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));

describe('createEntities', () => {
  beforeEach(() => {
    built.length = 0;
  });

  it('builds no entity until one is used', () => {
    createEntities(client, 'table');

    expect(built).toEqual([]);
  });

  it('builds an entity on first access only, and keeps it', () => {
    const entities = createEntities(client, 'table');

    const first = entities.deal;
    const second = entities.deal;

    expect(second).toBe(first);
    expect(built).toEqual(['deal']);
  });

  it('builds every model over the given table (ElectroDB validates each model as it builds it)', () => {
    const entities = createEntities(client, 'the-table');

    for (const name of Object.keys(entities) as (keyof Entities)[]) {
      expect(entities[name].getTableName(), name).toBe('the-table');
    }
    expect(built).toHaveLength(Object.keys(entities).length);
  });
});
