/**
 * Academy content and progress.
 *
 * Every change to what is published (create published, publish, unpublish, delete) commits in one transaction with
 * the content item, the academyPublished counter and the catalog of published ids, each conditioned on the
 * published state it was computed from, so the figures can never drift from the content. A user's first completion
 * creates their learner marker in the same transaction that adds 1 to academyUsers, so that count rises once per
 * user, concurrently too. A completion is a conditional create: never undone, never overwritten.
 */
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $delete } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { ulid } from 'ulid';
import type { AcademyProgressSummary } from '@shared/academy/api';
import { academyProgressPercent } from '@shared/academy/rules';
import { academyLearnerEntity } from './academy-learner';
import { counterEntity } from '../counters/counter';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { academyCatalogEntity, ACADEMY_CATALOG } from './academy-catalog';
import { academyContentEntity, academyContentSchema, academyPublishedPartition, type AcademyContent } from './academy-content';
import { academyProgressEntity, PROGRESS_PREFIX, type AcademyProgress } from './academy-progress';
import { pick, writableAttributes } from '@functions/lib/data/keys';
import { queryAll } from '@functions/lib/data/query';
import { commit, isConditionalCheckFailure, type WriteOperation } from '@functions/lib/data/transactions';
import { counterOperations, GLOBAL_SCOPE } from '../counters/counters';

export type { AcademyContent } from './academy-content';
export type { AcademyProgress } from './academy-progress';
export type NewAcademyContent = Omit<AcademyContent, 'id' | 'createdAt'> & { id?: string };
/** The fields an edit may change; `undefined` keeps a field, `null` clears an optional one. */
export type AcademyContentChanges = {
  [K in Exclude<keyof AcademyContent, 'id' | 'createdAt'>]?: AcademyContent[K] | null;
};

export type CompletionOutcome = { status: 'completed' | 'alreadyCompleted'; progress: AcademyProgress };

const CONTENT_ATTRIBUTES = writableAttributes(academyContentSchema);
/** Attempts of an edit whose item was changed between its read and its write (another admin's save). */
const MAX_EDIT_ATTEMPTS = 3;

/** Orders content as the academy shows it: by category, then order index (the index's sort key order). */
export function byCategoryThenOrder(a: AcademyContent, b: AcademyContent): number {
  if (a.category !== b.category) return a.category < b.category ? -1 : 1;
  if (a.orderIndex !== b.orderIndex) return a.orderIndex - b.orderIndex;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The academy store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface AcademyStore {
  getContent: (id: string) => Promise<AcademyContent | undefined>;
  progressRecordsOf: (userId: string) => Promise<AcademyProgress[]>;
  /** Creates an item; false when the id is taken (the seed's repeated run). */
  createContent(
    input: NewAcademyContent,
    now: Date,
  ): Promise<{
    created: boolean;
    content: AcademyContent;
  }>;
  /**
   * Applies `changes` to the stored item; undefined when there is none. `prepare` gets the item as it would be
   * stored and returns what to store, or refuses it by throwing (the rules between fields). The write is conditioned on the published
   * state it read, so a concurrent publish is never counted twice: the edit is then recomputed on a fresh read.
   */
  updateContent(
    id: string,
    changes: AcademyContentChanges,
    prepare?: (next: AcademyContent) => AcademyContent,
  ): Promise<AcademyContent | undefined>;
  /** Deletes an item; false when there is none. Progress records stay: they no longer count (not published). */
  deleteContent(id: string): Promise<boolean>;
  /**
   * Gives the items `ids` (in that order) the order indexes 10, 20, 30..., all or nothing; each is conditioned on
   * still being in `category`, so false when one was moved out of it (or deleted) meanwhile.
   */
  reorder(category: string, ids: string[]): Promise<boolean>;
  /** Published content ordered by category, then order index. */
  listPublished(): Promise<AcademyContent[]>;
  /** Every item, drafts too, ordered by category, then order index (the admin's view). */
  listAll(): Promise<AcademyContent[]>;
  /**
   * Mark as Complete. The first completion of a user's first item also creates their learner marker and counts
   * them (one transaction); every later one is a lone conditional create. Either way a completion that exists is
   * returned as it was recorded: clicking twice, or two requests at once, record it once.
   */
  complete(
    input: {
      userId: string;
      contentId: string;
      score?: number;
    },
    now: Date,
  ): Promise<CompletionOutcome>;
  /**
   * A user's academy progress: completed published items / published items, as a rounded percentage. Reads the
   * catalog of published ids and the user's own progress records, never the content: the broker profile and the
   * dashboard card use it.
   */
  progressOf(userId: string): Promise<AcademyProgressSummary>;
}

export function academyStore(table: LeaseDeskTable): AcademyStore {
  const entities = {
    get academyContent() {
      return academyContentEntity(table);
    },
    get academyProgress() {
      return academyProgressEntity(table);
    },
    get academyLearner() {
      return academyLearnerEntity(table);
    },
    get academyCatalog() {
      return academyCatalogEntity(table);
    },
    get counter() {
      return counterEntity(table);
    },
  };
  /** The counter and catalog changes of an item's published state going from `before` to `after`. */
  function publishedOperations(id: string, before: boolean, after: boolean): WriteOperation[] {
    if (before === after) return [];
    const catalog = entities.academyCatalog
      .build(UpdateTransaction)
      .item({ catalog: ACADEMY_CATALOG, publishedIds: after ? $add(new Set([id])) : $delete(new Set([id])) });
    return [...counterOperations(entities, [{ scope: GLOBAL_SCOPE, changes: { academyPublished: after ? 1 : -1 } }]), catalog];
  }

  async function getContent(id: string): Promise<AcademyContent | undefined> {
    const { Item } = await entities.academyContent.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
    return Item;
  }

  async function publishedIds(): Promise<Set<string>> {
    const { Item } = await entities.academyCatalog.build(GetItemCommand).key({ catalog: ACADEMY_CATALOG }).send();
    return Item?.publishedIds ?? new Set();
  }

  async function progressRecordsOf(userId: string): Promise<AcademyProgress[]> {
    return queryAll(entities.academyProgress, { partition: `USER#${userId}`, range: { beginsWith: PROGRESS_PREFIX } });
  }

  return {
    getContent,
    progressRecordsOf,

    async createContent(input: NewAcademyContent, now: Date): Promise<{ created: boolean; content: AcademyContent }> {
      const item: AcademyContent = {
        ...pick(input, CONTENT_ATTRIBUTES),
        id: input.id ?? ulid(now.getTime()),
        createdAt: now.toISOString(),
      };
      const outcome = await commit([
        entities.academyContent
          .build(PutTransaction)
          .item(item)
          .options({ condition: { attr: 'id', exists: false } }),
        ...publishedOperations(item.id, false, item.isPublished),
      ]);
      return { created: outcome.ok, content: item };
    },

    async updateContent(
      id: string,
      changes: AcademyContentChanges,
      prepare: (next: AcademyContent) => AcademyContent = (next) => next,
    ): Promise<AcademyContent | undefined> {
      for (let attempt = 1; ; attempt++) {
        const before = await getContent(id);
        if (!before) return undefined;
        const next = { ...before } as Record<string, unknown>;
        for (const name of CONTENT_ATTRIBUTES) {
          if (name === 'id' || name === 'createdAt' || !(name in changes)) continue;
          const value = (changes as Record<string, unknown>)[name];
          if (value === undefined) continue;
          if (value === null) delete next[name];
          else next[name] = value;
        }
        const after = prepare(next as AcademyContent);
        const outcome = await commit([
          entities.academyContent
            .build(PutTransaction)
            .item(after)
            .options({ condition: { attr: 'isPublished', eq: before.isPublished } }),
          ...publishedOperations(id, before.isPublished, after.isPublished),
        ]);
        if (outcome.ok) return after;
        if (attempt >= MAX_EDIT_ATTEMPTS) throw new Error(`Academy item ${id} kept changing during an edit`);
      }
    },

    async deleteContent(id: string): Promise<boolean> {
      for (let attempt = 1; ; attempt++) {
        const before = await getContent(id);
        if (!before) return false;
        const outcome = await commit([
          entities.academyContent
            .build(DeleteTransaction)
            .key({ id })
            .options({ condition: { attr: 'isPublished', eq: before.isPublished } }),
          ...publishedOperations(id, before.isPublished, false),
        ]);
        if (outcome.ok) return true;
        if (attempt >= MAX_EDIT_ATTEMPTS) throw new Error(`Academy item ${id} kept changing during a delete`);
      }
    },

    async reorder(category: string, ids: string[]): Promise<boolean> {
      const items = await Promise.all(ids.map((id) => getContent(id)));
      if (items.some((item) => item?.category !== category)) return false;
      // Each item is written whole (its index keys are computed from all of its attributes on a put), on the
      // condition that nothing changed since it was read: a concurrent edit fails the reorder rather than being lost.
      const outcome = await commit(
        (items as AcademyContent[]).map((item, position) =>
          entities.academyContent
            .build(PutTransaction)
            .item({ ...item, orderIndex: (position + 1) * 10 })
            .options({ condition: unchangedSince(item) }),
        ),
      );
      return outcome.ok;
    },

    async listPublished(): Promise<AcademyContent[]> {
      return queryAll(entities.academyContent, { index: 'gsi1', partition: academyPublishedPartition(true) });
    },

    async listAll(): Promise<AcademyContent[]> {
      const [published, drafts] = await Promise.all([
        queryAll(entities.academyContent, { index: 'gsi1', partition: academyPublishedPartition(true) }),
        queryAll(entities.academyContent, { index: 'gsi1', partition: academyPublishedPartition(false) }),
      ]);
      return [...published, ...drafts].sort(byCategoryThenOrder);
    },

    async complete(input: { userId: string; contentId: string; score?: number }, now: Date): Promise<CompletionOutcome> {
      const progress: AcademyProgress = {
        userId: input.userId,
        contentId: input.contentId,
        ...(input.score === undefined ? {} : { score: input.score }),
        completed: true,
        completedAt: now.toISOString(),
      };
      const asFirstOfUser = await commit([
        entities.academyLearner
          .build(PutTransaction)
          .item({ userId: input.userId, startedAt: now.toISOString() })
          .options({ condition: { attr: 'userId', exists: false } }),
        entities.academyProgress
          .build(PutTransaction)
          .item(progress)
          .options({ condition: { attr: 'contentId', exists: false } }),
        ...counterOperations(entities, [{ scope: GLOBAL_SCOPE, changes: { academyUsers: 1 } }]),
      ]);
      if (asFirstOfUser.ok) return { status: 'completed', progress };
      try {
        await entities.academyProgress
          .build(PutItemCommand)
          .item(progress)
          .options({ condition: { attr: 'contentId', exists: false } })
          .send();
        return { status: 'completed', progress };
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
      const { Item } = await entities.academyProgress
        .build(GetItemCommand)
        .key({ userId: input.userId, contentId: input.contentId })
        .options({ consistent: true })
        .send();
      return { status: 'alreadyCompleted', progress: Item ?? progress };
    },

    async progressOf(userId: string): Promise<AcademyProgressSummary> {
      const [published, records] = await Promise.all([publishedIds(), progressRecordsOf(userId)]);
      return summarizeProgress(published, records);
    },
  };
}

/** A condition that holds while the stored item still has every attribute of `item` as read. */
function unchangedSince(item: AcademyContent) {
  const attributes = item as Record<string, unknown>;
  return {
    and: CONTENT_ATTRIBUTES.map((attr) =>
      attributes[attr] === undefined ? { attr, exists: false } : { attr, eq: attributes[attr] },
    ),
  } as never;
}

/** Progress over the published items `published`: completions of items no longer published do not count. */
export function summarizeProgress(published: ReadonlySet<string>, records: readonly AcademyProgress[]): AcademyProgressSummary {
  const completed = records.filter((record) => record.completed && published.has(record.contentId)).length;
  return { completed, published: published.size, percent: academyProgressPercent(completed, published.size) };
}
