/**
 * Academy content and progress. Publishing adds to academyPublished; a user's first progress record adds them
 * to academyUsers, once, through the learner marker created in the same transaction.
 */
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { ulid } from 'ulid';
import type { Entities } from '../entities';
import { academyContentSchema, academyPublishedPartition, type AcademyContent } from '../entities/academy-content';
import { PROGRESS_PREFIX, type AcademyProgress } from '../entities/academy-progress';
import { pick, writableAttributes } from '../entities/keys';
import { queryAll } from '../query';
import { commit } from '../transactions';
import { counterOperations, GLOBAL_SCOPE } from './counters';

export type { AcademyContent } from '../entities/academy-content';
export type { AcademyProgress } from '../entities/academy-progress';
export type NewAcademyContent = Omit<AcademyContent, 'id' | 'createdAt'> & { id?: string };

const CONTENT_ATTRIBUTES = writableAttributes(academyContentSchema);

export function academyStore(entities: Pick<Entities, 'academyContent' | 'academyProgress' | 'academyLearner' | 'counter'>) {
  return {
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
        ...counterOperations(entities, item.isPublished ? [{ scope: GLOBAL_SCOPE, changes: { academyPublished: 1 } }] : []),
      ]);
      return { created: outcome.ok, content: item };
    },

    /** Published content ordered by category, then order index. */
    async listPublished(): Promise<AcademyContent[]> {
      return queryAll(entities.academyContent, { index: 'gsi1', partition: academyPublishedPartition(true) });
    },

    /** Mark as Complete: never undone, so completing again only refreshes score and time. */
    async complete(input: { userId: string; contentId: string; score?: number }, now: Date): Promise<void> {
      const progress: AcademyProgress = {
        userId: input.userId,
        contentId: input.contentId,
        score: input.score,
        completed: true,
        completedAt: now.toISOString(),
      };
      const first = await commit([
        entities.academyLearner
          .build(PutTransaction)
          .item({ userId: input.userId, startedAt: now.toISOString() })
          .options({ condition: { attr: 'userId', exists: false } }),
        entities.academyProgress.build(PutTransaction).item(progress),
        ...counterOperations(entities, [{ scope: GLOBAL_SCOPE, changes: { academyUsers: 1 } }]),
      ]);
      if (!first.ok) await entities.academyProgress.build(PutItemCommand).item(progress).send();
    },

    async progressOf(userId: string): Promise<AcademyProgress[]> {
      return queryAll(entities.academyProgress, { partition: `USER#${userId}`, range: { beginsWith: PROGRESS_PREFIX } });
    },
  };
}
