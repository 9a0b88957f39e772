/**
 * Academy content and progress. Publishing adds to academyPublished; a user's first progress record adds them
 * to academyUsers, once, through the learner marker created in the same transaction.
 */
import { createWriteTransaction } from 'electrodb';
import { ulid } from 'ulid';
import { GLOBAL_SCOPE } from '../counters';
import type { AcademyContent, AcademyProgress, Entities } from '../service';
import { commit } from '../transactions';
import { counterOperations } from './counters';

export type NewAcademyContent = Omit<AcademyContent, 'id' | 'createdAt'> & { id?: string };

export function academyStore(entities: Entities) {
  return {
    async createContent(input: NewAcademyContent, now: Date): Promise<{ created: boolean; content: AcademyContent }> {
      const item: AcademyContent = { ...input, id: input.id ?? ulid(now.getTime()), createdAt: now.toISOString() };
      const outcome = await commit(
        createWriteTransaction({ academyContent: entities.academyContent, counter: entities.counter }, ({ academyContent, counter }) => [
          academyContent.create(item).commit(),
          ...counterOperations(counter, item.isPublished ? [{ scope: GLOBAL_SCOPE, changes: { academyPublished: 1 } }] : []),
        ]),
      );
      return { created: outcome.ok, content: item };
    },

    /** Published content ordered by category, then order index. */
    async listPublished(): Promise<AcademyContent[]> {
      return (await entities.academyContent.query.byPublished({ isPublished: true }).go({ pages: 'all' })).data;
    },

    /** Mark as Complete: never undone, so completing again only refreshes score and time. */
    async complete(input: { userId: string; contentId: string; score?: number }, now: Date): Promise<void> {
      const progress: AcademyProgress = { ...input, completed: true, completedAt: now.toISOString() };
      const first = await commit(
        createWriteTransaction(
          { academyProgress: entities.academyProgress, academyLearner: entities.academyLearner, counter: entities.counter },
          ({ academyProgress, academyLearner, counter }) => [
            academyLearner.create({ userId: input.userId, startedAt: now.toISOString() }).commit(),
            academyProgress.put(progress).commit(),
            ...counterOperations(counter, [{ scope: GLOBAL_SCOPE, changes: { academyUsers: 1 } }]),
          ],
        ),
      );
      if (!first.ok) await entities.academyProgress.put(progress).go();
    },

    async progressOf(userId: string): Promise<AcademyProgress[]> {
      return (await entities.academyProgress.query.byUser({ userId }).go({ pages: 'all' })).data;
    },
  };
}
