/**
 * Academy content rules: the admin's content form (create and edit), the limits of each field, and the format of a
 * test's questions, which are stored as JSON in the item's `content` (docs/decisions.md, "Academy").
 *
 * A test's `content`:
 *
 *   { "questions": [ { "prompt": "What does the money factor express?", "choices": ["...", "..."], "answer": 1 } ] }
 *
 * `answer` is the index of the correct choice. Brokers never receive it: GET /academy sends the prompts and choices
 * only, and the server grades the answers sent with Mark as Complete.
 */
import * as z from 'zod';
import { blankToNull, integer, requiredText, text } from '../validation';
import { ACADEMY_CONTENT_TYPES } from './enums';

export const ACADEMY_LIMITS = {
  title: 200,
  description: 1000,
  category: 50,
  /** An article's text, or a test's questions as JSON. */
  content: 50_000,
  videoUrl: 2048,
  /** Minutes a learner should set aside; 10 hours is already more than any single item should take. */
  durationMinutes: 600,
  /** Order indexes are zero-padded to 6 digits in the index key (functions/domain/academy/academy-content.ts). */
  orderIndex: 999_999,
  questions: 50,
  prompt: 500,
  choices: 6,
  choice: 200,
} as const;

export const ACADEMY_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${ACADEMY_LIMITS.title} characters`,
  descriptionTooLong: `Description must be at most ${ACADEMY_LIMITS.description} characters`,
  categoryRequired: 'Category is required',
  categoryTooLong: `Category must be at most ${ACADEMY_LIMITS.category} characters`,
  categoryCharacters: "Category may contain letters, digits, spaces and . , : & ' -",
  contentType: 'Type must be article, video or test',
  contentTooLong: `Content must be at most ${ACADEMY_LIMITS.content} characters`,
  articleRequired: 'An article needs its text',
  videoUrl: 'Video URL must be a valid https URL',
  videoUrlRequired: 'A video needs its URL',
  durationMinutes: `Duration must be a whole number of minutes from 1 to ${ACADEMY_LIMITS.durationMinutes}`,
  orderIndex: `Order must be a whole number from 0 to ${ACADEMY_LIMITS.orderIndex}`,
  isPublished: 'Published must be true or false',
  testRequired: 'A test needs its questions',
  testFormat: 'Test questions must be JSON: {"questions": [{"prompt": "...", "choices": ["...", "..."], "answer": 0}]}',
  questionsCount: `A test has 1 to ${ACADEMY_LIMITS.questions} questions`,
  promptRequired: 'Every question needs a prompt',
  promptTooLong: `A question must be at most ${ACADEMY_LIMITS.prompt} characters`,
  choicesCount: `Every question has 2 to ${ACADEMY_LIMITS.choices} choices`,
  choiceRequired: 'A choice cannot be blank',
  choiceTooLong: `A choice must be at most ${ACADEMY_LIMITS.choice} characters`,
  answer: 'Every question names its correct choice by index (0 for the first)',
} as const;

/**
 * Letters, digits, spaces and the punctuation of course module names ("2. Money Factor & Residual Value",
 * "Dealers' Desk"). Tabs are ordered by category name, so numbering the modules orders them.
 */
const CATEGORY_CHARACTERS = /^[\p{L}\p{N} .,:&'-]+$/u;

export const academyCategorySchema = requiredText(ACADEMY_MESSAGES.categoryRequired)
  .max(ACADEMY_LIMITS.category, ACADEMY_MESSAGES.categoryTooLong)
  .regex(CATEGORY_CHARACTERS, ACADEMY_MESSAGES.categoryCharacters);

export const academyTestQuestionSchema = z
  .object({
    prompt: requiredText(ACADEMY_MESSAGES.promptRequired).max(ACADEMY_LIMITS.prompt, ACADEMY_MESSAGES.promptTooLong),
    choices: z
      .array(requiredText(ACADEMY_MESSAGES.choiceRequired).max(ACADEMY_LIMITS.choice, ACADEMY_MESSAGES.choiceTooLong), {
        error: ACADEMY_MESSAGES.choicesCount,
      })
      .min(2, ACADEMY_MESSAGES.choicesCount)
      .max(ACADEMY_LIMITS.choices, ACADEMY_MESSAGES.choicesCount),
    answer: z.number({ error: ACADEMY_MESSAGES.answer }).int(ACADEMY_MESSAGES.answer).min(0, ACADEMY_MESSAGES.answer),
  })
  .refine((question) => question.answer < question.choices.length, {
    message: ACADEMY_MESSAGES.answer,
    path: ['answer'],
  });
export type AcademyTestQuestion = z.infer<typeof academyTestQuestionSchema>;

export const academyTestSchema = z.object({
  questions: z
    .array(academyTestQuestionSchema, { error: ACADEMY_MESSAGES.questionsCount })
    .min(1, ACADEMY_MESSAGES.questionsCount)
    .max(ACADEMY_LIMITS.questions, ACADEMY_MESSAGES.questionsCount),
});
export type AcademyTest = z.infer<typeof academyTestSchema>;

/** A test's stored `content` parsed, or the first problem's message. */
export function parseAcademyTest(content: string): { ok: true; test: AcademyTest } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, message: ACADEMY_MESSAGES.testFormat };
  }
  const parsed = academyTestSchema.safeParse(json);
  if (parsed.success) return { ok: true, test: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    message: issue?.code === 'invalid_type' ? ACADEMY_MESSAGES.testFormat : (issue?.message ?? ACADEMY_MESSAGES.testFormat),
  };
}

const videoUrlSchema = z
  .url({ protocol: /^https$/, error: ACADEMY_MESSAGES.videoUrl })
  .trim()
  .max(ACADEMY_LIMITS.videoUrl, ACADEMY_MESSAGES.videoUrl);

/** The fields of the admin's content form; which of content and videoUrl is required depends on the type. */
export const academyContentFieldsSchema = z.object({
  title: requiredText(ACADEMY_MESSAGES.titleRequired).max(ACADEMY_LIMITS.title, ACADEMY_MESSAGES.titleTooLong),
  description: blankToNull(text().max(ACADEMY_LIMITS.description, ACADEMY_MESSAGES.descriptionTooLong)),
  category: academyCategorySchema,
  contentType: z.enum(ACADEMY_CONTENT_TYPES, { error: ACADEMY_MESSAGES.contentType }),
  content: blankToNull(text().max(ACADEMY_LIMITS.content, ACADEMY_MESSAGES.contentTooLong)),
  videoUrl: blankToNull(videoUrlSchema),
  durationMinutes: blankToNull(
    integer(undefined, ACADEMY_MESSAGES.durationMinutes)
      .min(1, ACADEMY_MESSAGES.durationMinutes)
      .max(ACADEMY_LIMITS.durationMinutes, ACADEMY_MESSAGES.durationMinutes),
  ),
  isPublished: z.boolean({ error: ACADEMY_MESSAGES.isPublished }),
  orderIndex: integer(undefined, ACADEMY_MESSAGES.orderIndex)
    .min(0, ACADEMY_MESSAGES.orderIndex)
    .max(ACADEMY_LIMITS.orderIndex, ACADEMY_MESSAGES.orderIndex),
});
export type AcademyContentFields = z.output<typeof academyContentFieldsSchema>;

/**
 * The rules between fields: an article has text, a video a URL, a test valid questions. Applied to a create and to
 * an edit merged onto the stored item (an edit may change the type).
 */
export function academyContentProblems(
  fields: Pick<AcademyContentFields, 'contentType' | 'content' | 'videoUrl'>,
): { path: 'content' | 'videoUrl'; message: string }[] {
  switch (fields.contentType) {
    case 'article':
      return fields.content ? [] : [{ path: 'content', message: ACADEMY_MESSAGES.articleRequired }];
    case 'video':
      return fields.videoUrl ? [] : [{ path: 'videoUrl', message: ACADEMY_MESSAGES.videoUrlRequired }];
    case 'test': {
      if (!fields.content) return [{ path: 'content', message: ACADEMY_MESSAGES.testRequired }];
      const parsed = parseAcademyTest(fields.content);
      return parsed.ok ? [] : [{ path: 'content', message: parsed.message }];
    }
  }
}

function withContentRules<T extends z.ZodType<Pick<AcademyContentFields, 'contentType' | 'content' | 'videoUrl'>>>(schema: T) {
  return schema.superRefine((fields, ctx) => {
    for (const problem of academyContentProblems(fields)) {
      ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
    }
  });
}

/** The content form as a create sends it: publishing is off and the order is "last of its category" unless given. */
export const academyContentFormSchema = withContentRules(
  academyContentFieldsSchema.extend({
    isPublished: academyContentFieldsSchema.shape.isPublished.default(false),
    orderIndex: academyContentFieldsSchema.shape.orderIndex.optional(),
  }),
);
export type AcademyContentForm = z.input<typeof academyContentFormSchema>;
export type AcademyContentFormValues = z.output<typeof academyContentFormSchema>;
