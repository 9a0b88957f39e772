/**
 * The academy feature's rules: the learner's screen with their progress, Mark as Complete (a test graded here, so
 * a score cannot be made up by the browser), and the admins' content management. Progress is completed published
 * items / published items, as a rounded percentage; completions of items since unpublished or deleted stop counting.
 */
import {
  ACADEMY_ANSWERS_MESSAGE,
  ACADEMY_CONTENT_NOT_FOUND_MESSAGE,
  ACADEMY_REORDER_MESSAGE,
  type AcademyItem,
  type AcademyResponse,
  type AdminAcademyItem,
  type AdminAcademyListResponse,
  type CompleteAcademyItemResponse,
} from '@shared/academy/api';
import { academyCategories, academyScoreOf, academyTestResults } from '@shared/academy/rules';
import {
  academyContentProblems,
  parseAcademyTest,
  type AcademyContentFields,
  type AcademyContentFormValues,
} from '@shared/academy/schemas';
import type { Identity } from '@functions/lib/auth-context';
import type { AcademyData } from './data';
import { GLOBAL_SCOPE } from '@functions/domain/counters/counters';
import {
  summarizeProgress,
  type AcademyContent,
  type AcademyContentChanges,
  type AcademyProgress,
} from '@functions/domain/academy/academy';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';

/** The gap between order indexes given by a create and a reorder, so that an edit can slot an item in between. */
const ORDER_STEP = 10;

/** A published item as a learner sees it: a test without its answers. */
export function toLearnerItem(content: AcademyContent, progress: AcademyProgress | undefined): AcademyItem {
  const test = content.contentType === 'test' && content.content ? parseAcademyTest(content.content) : undefined;
  return {
    id: content.id,
    title: content.title,
    description: content.description ?? null,
    category: content.category,
    contentType: content.contentType,
    orderIndex: content.orderIndex,
    durationMinutes: content.durationMinutes ?? null,
    content: content.contentType === 'article' ? (content.content ?? null) : null,
    videoUrl: content.contentType === 'video' ? (content.videoUrl ?? null) : null,
    questions: test?.ok ? test.test.questions.map(({ prompt, choices }) => ({ prompt, choices })) : null,
    completed: progress?.completed === true,
    score: progress?.completed ? (progress.score ?? null) : null,
    completedAt: progress?.completed ? (progress.completedAt ?? null) : null,
  };
}

/** GET /academy: one Query for the published content, one for the caller's progress. */
export async function loadAcademy(identity: Identity, data: AcademyData): Promise<AcademyResponse> {
  const [published, records] = await Promise.all([data.academy.listPublished(), data.academy.progressRecordsOf(identity.userId)]);
  const byContent = new Map(records.map((record) => [record.contentId, record]));
  return {
    categories: academyCategories(published),
    items: published.map((content) => toLearnerItem(content, byContent.get(content.id))),
    progress: summarizeProgress(new Set(published.map((content) => content.id)), records),
  };
}

/** A test's grading of the answers sent with Mark as Complete (per question, in order); undefined for an article or a video. */
function gradeOf(content: AcademyContent, answers: number[] | undefined): boolean[] | undefined {
  if (content.contentType !== 'test') return undefined;
  const test = content.content ? parseAcademyTest(content.content) : undefined;
  // Stored tests are validated on every write; one that no longer parses cannot be graded or taken.
  if (!test?.ok) throw new NotFoundError(ACADEMY_CONTENT_NOT_FOUND_MESSAGE);
  if (answers?.length !== test.test.questions.length) {
    throw new BadRequestError(ACADEMY_ANSWERS_MESSAGE, { answers: ACADEMY_ANSWERS_MESSAGE });
  }
  return academyTestResults(
    test.test.questions.map((question) => question.answer),
    answers,
  );
}

/**
 * POST /academy/{id}/complete. Only a published item can be completed (a draft or a deleted one is a 404). The
 * first completion is kept as it was recorded: a second click, or a retaken test, changes nothing.
 */
export async function completeAcademyItem(
  contentId: string,
  body: { answers?: number[] },
  identity: Identity,
  data: AcademyData,
  now: Date,
): Promise<CompleteAcademyItemResponse> {
  const content = await data.academy.getContent(contentId);
  if (!content?.isPublished) throw new NotFoundError(ACADEMY_CONTENT_NOT_FOUND_MESSAGE);
  const grade = gradeOf(content, body.answers);
  const score = grade && academyScoreOf(grade);
  const { status, progress } = await data.academy.complete({ userId: identity.userId, contentId, score }, now);
  return {
    contentId,
    completed: true,
    score: progress.score ?? null,
    completedAt: progress.completedAt ?? now.toISOString(),
    firstCompletion: status === 'completed',
    progress: await data.academy.progressOf(identity.userId),
    results: grade?.map((correct) => ({ correct })) ?? null,
  };
}

export function toAdminItem(content: AcademyContent): AdminAcademyItem {
  return {
    id: content.id,
    title: content.title,
    description: content.description ?? null,
    category: content.category,
    contentType: content.contentType,
    content: content.content ?? null,
    videoUrl: content.videoUrl ?? null,
    durationMinutes: content.durationMinutes ?? null,
    isPublished: content.isPublished,
    orderIndex: content.orderIndex,
    createdAt: content.createdAt,
  };
}

/** GET /admin/academy: every item, drafts too, and the published and learner counts. */
export async function listAcademyContent(data: AcademyData): Promise<AdminAcademyListResponse> {
  const [items, counts] = await Promise.all([data.academy.listAll(), data.counters.get(GLOBAL_SCOPE)]);
  return {
    categories: academyCategories(items),
    items: items.map(toAdminItem),
    published: Math.max(0, counts.academyPublished),
    learners: Math.max(0, counts.academyUsers),
  };
}

/** Optional fields: null (a blank) means "not set", which the item stores by leaving the attribute out. */
function present<T extends object>(fields: T): { [K in keyof T]: Exclude<T[K], null> | undefined } {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? undefined])) as never;
}

/**
 * Only the fields of the item's type are kept: an article keeps no video URL, a video no text. A test keeps its
 * questions in `content`.
 */
function typedFields<T extends Pick<AcademyContentFields, 'contentType' | 'content' | 'videoUrl'>>(fields: T): T {
  return {
    ...fields,
    content: fields.contentType === 'video' ? null : fields.content,
    videoUrl: fields.contentType === 'video' ? fields.videoUrl : null,
  };
}

/** POST /admin/academy: every field copied by name; without an order index the item goes last in its category. */
export async function createAcademyContent(
  input: AcademyContentFormValues,
  data: AcademyData,
  now: Date,
): Promise<AdminAcademyItem> {
  const fields = typedFields(input);
  const orderIndex = input.orderIndex ?? (await nextOrderIndex(input.category, data));
  const { content } = await data.academy.createContent(
    {
      ...present({
        description: fields.description,
        content: fields.content,
        videoUrl: fields.videoUrl,
        durationMinutes: fields.durationMinutes,
      }),
      title: fields.title,
      category: fields.category,
      contentType: fields.contentType,
      isPublished: fields.isPublished,
      orderIndex,
    },
    now,
  );
  return toAdminItem(content);
}

async function nextOrderIndex(category: string, data: AcademyData): Promise<number> {
  const last = Math.max(
    0,
    ...(await data.academy.listAll()).filter((item) => item.category === category).map((item) => item.orderIndex),
  );
  return Math.ceil((last + 1) / ORDER_STEP) * ORDER_STEP;
}

/**
 * PATCH /admin/academy/{id}: the given fields only, copied by name. The rules between fields are checked on the item
 * as it will be stored, since an edit may change the type (a video made an article needs a text).
 */
export async function updateAcademyContent(
  id: string,
  changes: Partial<AcademyContentFields>,
  data: AcademyData,
): Promise<AdminAcademyItem> {
  const updated = await data.academy.updateContent(
    id,
    {
      title: changes.title,
      description: changes.description,
      category: changes.category,
      contentType: changes.contentType,
      content: changes.content,
      videoUrl: changes.videoUrl,
      durationMinutes: changes.durationMinutes,
      isPublished: changes.isPublished,
      orderIndex: changes.orderIndex,
    } satisfies AcademyContentChanges,
    (next) => {
      const problems = academyContentProblems({
        contentType: next.contentType,
        content: next.content ?? null,
        videoUrl: next.videoUrl ?? null,
      });
      if (problems.length > 0) {
        throw new BadRequestError(
          problems[0]!.message,
          Object.fromEntries(problems.map((problem) => [problem.path, problem.message])),
        );
      }
      // The other type's field is dropped, as on a create.
      const { content, videoUrl, ...rest } = next;
      return next.contentType === 'video' ? { ...rest, videoUrl } : { ...rest, content };
    },
  );
  if (!updated) throw new NotFoundError(ACADEMY_CONTENT_NOT_FOUND_MESSAGE);
  return toAdminItem(updated);
}

/** DELETE /admin/academy/{id}. */
export async function deleteAcademyContent(id: string, data: AcademyData): Promise<{ id: string }> {
  if (!(await data.academy.deleteContent(id))) throw new NotFoundError(ACADEMY_CONTENT_NOT_FOUND_MESSAGE);
  return { id };
}

/**
 * POST /admin/academy-order: `ids` must be exactly the category's items (drafts too), each once; a move up or down
 * sends the whole category in its new order. Answers the admin list as it now stands.
 */
export async function reorderAcademyContent(
  input: { category: string; ids: string[] },
  data: AcademyData,
): Promise<AdminAcademyListResponse> {
  const inCategory = (await data.academy.listAll()).filter((item) => item.category === input.category);
  const expected = new Set(inCategory.map((item) => item.id));
  const given = new Set(input.ids);
  const complete = given.size === input.ids.length && given.size === expected.size && input.ids.every((id) => expected.has(id));
  if (!complete) throw new BadRequestError(ACADEMY_REORDER_MESSAGE, { ids: ACADEMY_REORDER_MESSAGE });
  if (!(await data.academy.reorder(input.category, input.ids))) {
    throw new ConflictError('The category changed while it was being reordered. Reload and try again.');
  }
  return listAcademyContent(data);
}
