/**
 * Request and response shapes of the academy routes (shared/api/routes.ts, feature `academy`), used by the
 * handlers, the /academy screen and its "Manage content" view.
 *
 * Who may call what (docs/decisions.md, "Academy"):
 * - GET /academy, POST /academy/{id}/complete: admins and brokers (approved or not: training does not wait for
 *   approval). Dealers and consumers: 403.
 * - GET/POST /admin/academy, PATCH/DELETE /admin/academy/{id}, POST /admin/academy-order: admins only.
 *
 * - GET    /academy                       the screen in one call: published content ordered by category then order
 *                                         index, the caller's completion of each item, and their overall progress
 * - POST   /academy/{id}/complete         Mark as Complete (never undone; idempotent, concurrently too); a test's
 *                                         answers are graded here and the score recorded with the completion
 * - GET    /admin/academy                 every item incl. drafts, with the raw content (a test's answers included)
 * - POST   /admin/academy                 create
 * - PATCH  /admin/academy/{id}            edit, publish, unpublish, move (the given fields only)
 * - DELETE /admin/academy/{id}            delete (learners' completions of it no longer count)
 * - POST   /admin/academy-order         the ids of one category in their new order
 */
import * as z from 'zod';
import { ACADEMY_CONTENT_TYPES } from './enums';
import { ACADEMY_LIMITS, academyCategorySchema, academyContentFieldsSchema, academyContentFormSchema } from './schemas';

export const ACADEMY_CONTENT_NOT_FOUND_MESSAGE = 'Academy content not found';
export const ACADEMY_ANSWERS_MESSAGE = 'Answer every question of the test';
export const ACADEMY_REORDER_MESSAGE = 'The new order must list every item of the category exactly once';

/** Screen messages: load and save failures, and the refusal of anyone but brokers and admins. */
export const ACADEMY_LOAD_ERROR = 'Error loading content';
export const ACADEMY_SAVE_PROGRESS_ERROR = 'Error saving progress';
export const ACADEMY_DENIED_TITLE = 'Access Denied';
export const ACADEMY_DENIED_MESSAGE = 'The Academy is only available to brokers and admins';

/** Academy ids are ULIDs (the seed's are readable ids): letters, digits and hyphens. Anything else is a 400. */
const idSchema = z
  .string()
  .min(1, 'Invalid id')
  .max(128, 'Invalid id')
  .regex(/^[A-Za-z0-9-]+$/, 'Invalid id');
export const academyIdParamsSchema = z.object({ id: idSchema });

/** Overall progress: completed published items / published items, as a rounded percentage (./rules.ts). */
export const academyProgressSchema = z.object({
  completed: z.number().int().nonnegative(),
  published: z.number().int().nonnegative(),
  percent: z.number().int().min(0).max(100),
});
export type AcademyProgressSummary = z.infer<typeof academyProgressSchema>;

/** A test question as a learner sees it: no correct answer. */
export const academyQuestionViewSchema = z.object({
  prompt: z.string(),
  choices: z.array(z.string()),
});

/** A published item as GET /academy shows it to a learner, with the caller's completion. */
export const academyItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  contentType: z.enum(ACADEMY_CONTENT_TYPES),
  orderIndex: z.number().int(),
  durationMinutes: z.number().int().nullable(),
  /** An article's text (markdown-lite: paragraphs, "## " headings, "- " lists); null for videos and tests. */
  content: z.string().nullable(),
  /** A video's https URL; null for articles and tests. */
  videoUrl: z.string().nullable(),
  /** A test's questions without their answers; null for articles and videos. */
  questions: z.array(academyQuestionViewSchema).nullable(),
  completed: z.boolean(),
  /** A completed test's score, 0-100; null otherwise. */
  score: z.number().int().min(0).max(100).nullable(),
  completedAt: z.string().nullable(),
});
export type AcademyItem = z.infer<typeof academyItemSchema>;

/** GET /academy. `categories` are the tabs, in order; `items` are ordered by category then order index. */
export const academyResponseSchema = z.object({
  categories: z.array(z.string()),
  items: z.array(academyItemSchema),
  progress: academyProgressSchema,
});
export type AcademyResponse = z.infer<typeof academyResponseSchema>;

/**
 * POST /academy/{id}/complete. A test sends one answer (the chosen choice's index) per question, in order; the
 * server grades them. Articles and videos send an empty body (any `answers` are ignored).
 */
export const completeAcademyItemRequestSchema = z
  .object({
    answers: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(ACADEMY_LIMITS.choices - 1),
        { error: ACADEMY_ANSWERS_MESSAGE },
      )
      .max(ACADEMY_LIMITS.questions, ACADEMY_ANSWERS_MESSAGE)
      .optional(),
  })
  .default({});
export type CompleteAcademyItemRequest = z.input<typeof completeAcademyItemRequestSchema>;

export const completeAcademyItemResponseSchema = z.object({
  contentId: z.string(),
  completed: z.literal(true),
  /** The recorded score: the first completion's, which a second one never changes. */
  score: z.number().int().min(0).max(100).nullable(),
  completedAt: z.string(),
  /** False when the item had already been completed (by an earlier or a concurrent request). */
  firstCompletion: z.boolean(),
  progress: academyProgressSchema,
  /**
   * A test: whether each question of the answers sent with this request was answered correctly, in question order
   * (graded even when the test was already completed and its recorded score stays). Never the correct choice.
   * Null for an article or a video.
   */
  results: z.array(z.object({ correct: z.boolean() })).nullable(),
});
export type CompleteAcademyItemResponse = z.infer<typeof completeAcademyItemResponseSchema>;

/** An item as the admin's "Manage content" view shows it: every field, the raw content (a test's answers too). */
export const adminAcademyItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  contentType: z.enum(ACADEMY_CONTENT_TYPES),
  content: z.string().nullable(),
  videoUrl: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  isPublished: z.boolean(),
  orderIndex: z.number().int(),
  createdAt: z.string(),
});
export type AdminAcademyItem = z.infer<typeof adminAcademyItemSchema>;

/** GET /admin/academy: every item (drafts too) ordered by category then order index, and the two figures. */
export const adminAcademyListResponseSchema = z.object({
  categories: z.array(z.string()),
  items: z.array(adminAcademyItemSchema),
  /** Published items (the counter the progress percentages divide by). */
  published: z.number().int().nonnegative(),
  /** Users with any academy progress (the admin's dashboard card). */
  learners: z.number().int().nonnegative(),
});
export type AdminAcademyListResponse = z.infer<typeof adminAcademyListResponseSchema>;

/** POST /admin/academy. */
export const createAcademyContentRequestSchema = academyContentFormSchema;
export type CreateAcademyContentRequest = z.input<typeof createAcademyContentRequestSchema>;

/**
 * PATCH /admin/academy/{id}: the fields to change; a blank optional field clears it. The rules between fields
 * (an article has text...) are checked on the item as it will be stored, so they are the service's.
 */
export const updateAcademyContentRequestSchema = academyContentFieldsSchema.partial();
export type UpdateAcademyContentRequest = z.input<typeof updateAcademyContentRequestSchema>;

export const deleteAcademyContentResponseSchema = z.object({ id: z.string() });

/** POST /admin/academy-order: every id of `category`, in the new order (order indexes become 10, 20, 30...). */
export const reorderAcademyRequestSchema = z.object({
  category: academyCategorySchema,
  ids: z.array(idSchema).min(1, ACADEMY_REORDER_MESSAGE).max(100, 'A category can be reordered with at most 100 items'),
});
export type ReorderAcademyRequest = z.input<typeof reorderAcademyRequestSchema>;
