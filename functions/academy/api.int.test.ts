/**
 * The academy routes through the local API (shared/api/routes.ts, feature `academy`): the learners' screen ordered
 * by category then order index with drafts hidden, progress as completed published items / published items, Mark as
 * Complete never undone and idempotent (twice and concurrently, the academy user count rising once), a test graded
 * on the server, the admins' content management with the published count following it, and who may do what.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACADEMY_ANSWERS_MESSAGE,
  ACADEMY_REORDER_MESSAGE,
  type AcademyResponse,
  type AdminAcademyItem,
  type AdminAcademyListResponse,
  type CompleteAcademyItemResponse,
  type CreateAcademyContentRequest,
} from '@shared/academy/api';
import { ACADEMY_MESSAGES } from '@shared/academy/schemas';
import type { DashboardResponse } from '@shared/dashboard/api';
import { loadPrincipals, type Caller, type Principals } from '@test/support/principals';
import { expectResponseKeys, type KeySpec } from '@test/support/response-keys';
import { apiFetch, createUser, signIn, TEST_PASSWORD } from '@test/support/stack';

let principals: Principals;

beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: Caller) => principals.tokenOf(caller);
/** A category of this run only, so the assertions on order and progress see only this file's items. */
const uniqueCategory = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
const errorOf = (body: unknown) => (body as { error: { message: string; fields?: Record<string, string> } }).error;

const QUIZ = JSON.stringify({
  questions: [
    { prompt: 'A money factor of 0.00125 is an APR of about', choices: ['1.25%', '3%', '12.5%'], answer: 1 },
    { prompt: 'Residual value is set by', choices: ['The lender', 'The client'], answer: 0 },
    { prompt: 'Tier 1 credit usually starts around', choices: ['580', '640', '720'], answer: 2 },
  ],
});

async function create(body: CreateAcademyContentRequest): Promise<AdminAcademyItem> {
  const response = await apiFetch<AdminAcademyItem>('/admin/academy', { token: as('admin'), body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const article = (category: string, title: string, extra: Partial<CreateAcademyContentRequest> = {}) =>
  create({
    title,
    category,
    contentType: 'article',
    content: `${title}\n\nWhat a broker should know.`,
    isPublished: true,
    ...extra,
  });

async function patch(id: string, body: Record<string, unknown>) {
  return apiFetch<AdminAcademyItem>(`/admin/academy/${id}`, { token: as('admin'), method: 'PATCH', body });
}

async function academyAs(token: string | undefined): Promise<AcademyResponse> {
  const response = await apiFetch<AcademyResponse>('/academy', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function adminList(): Promise<AdminAcademyListResponse> {
  const response = await apiFetch<AdminAcademyListResponse>('/admin/academy', { token: as('admin') });
  expect(response.status).toBe(200);
  return response.body;
}

function completeAs(token: string | undefined, id: string, body: unknown = {}) {
  return apiFetch<CompleteAcademyItemResponse>(`/academy/${id}/complete`, { token, body });
}

/** A broker nobody has used yet: no academy progress, so their first completion makes them a learner. */
async function freshBroker(): Promise<string> {
  const { email } = await createUser('broker');
  return (await signIn(email, TEST_PASSWORD)).idToken;
}

describe('the academy screen (GET /academy)', () => {
  it('lists published content ordered by category, then order index, and hides drafts from learners', async () => {
    const first = uniqueCategory('Aa Order');
    const second = uniqueCategory('Ab Order');
    const late = await article(second, 'Second category, order 5', { orderIndex: 5 });
    const early = await article(first, 'First category, order 20', { orderIndex: 20 });
    const earliest = await article(first, 'First category, order 10', { orderIndex: 10 });
    const draft = await article(first, 'A draft', { orderIndex: 1, isPublished: false });

    const { items, categories } = await academyAs(as('broker'));

    const ours = items.filter((item) => item.category === first || item.category === second).map((item) => item.id);
    expect(ours).toEqual([earliest.id, early.id, late.id]);
    expect(items.map((item) => item.id)).not.toContain(draft.id);
    expect(categories.indexOf(first)).toBeLessThan(categories.indexOf(second));
    expect(new Set(categories).size).toBe(categories.length);
  });

  it('shows a test without its answers, and only the fields of each type', async () => {
    const category = uniqueCategory('Types');
    const quiz = await create({ title: 'Quiz', category, contentType: 'test', content: QUIZ, isPublished: true });
    const video = await create({
      title: 'Video',
      category,
      contentType: 'video',
      videoUrl: 'https://www.youtube-nocookie.com/embed/placeholder',
      durationMinutes: 12,
      isPublished: true,
    });

    const { items } = await academyAs(as('broker'));

    const shownQuiz = items.find((item) => item.id === quiz.id);
    expect(shownQuiz?.questions).toEqual([
      { prompt: 'A money factor of 0.00125 is an APR of about', choices: ['1.25%', '3%', '12.5%'] },
      { prompt: 'Residual value is set by', choices: ['The lender', 'The client'] },
      { prompt: 'Tier 1 credit usually starts around', choices: ['580', '640', '720'] },
    ]);
    expect(shownQuiz?.content).toBeNull();
    expect(JSON.stringify(shownQuiz)).not.toContain('answer');
    expect(items.find((item) => item.id === video.id)).toMatchObject({
      videoUrl: 'https://www.youtube-nocookie.com/embed/placeholder',
      durationMinutes: 12,
      content: null,
      questions: null,
    });
  });

  it('answers each learner with the same keys, for admins and brokers alike', async () => {
    const itemKeys = (questions: KeySpec): KeySpec => ({
      id: true,
      title: true,
      description: true,
      category: true,
      contentType: true,
      orderIndex: true,
      durationMinutes: true,
      content: true,
      videoUrl: true,
      questions,
      completed: true,
      score: true,
      completedAt: true,
    });
    for (const caller of ['admin', 'broker', 'pendingBroker', 'unlicensedBroker'] as const) {
      const { items, ...screen } = await academyAs(as(caller));
      expectResponseKeys(
        screen,
        { categories: [true], progress: { completed: true, published: true, percent: true } },
        `GET /academy as ${caller}`,
      );
      // `questions` is a list for a test and null for the other types.
      for (const item of items) {
        const keys = itemKeys(item.contentType === 'test' ? [{ prompt: true, choices: [true] }] : true);
        expectResponseKeys(item, keys, `GET /academy item ${item.contentType} as ${caller}`);
      }
    }
  });

  it('refuses dealers and consumers (403) and anonymous callers (401)', async () => {
    for (const caller of ['dealer', 'consumer'] as const) {
      const response = await apiFetch('/academy', { token: as(caller) });
      expect(response.status, caller).toBe(403);
      expect((await completeAs(as(caller), '01NOSUCHCONTENT')).status, caller).toBe(403);
    }
    expect((await apiFetch('/academy')).status).toBe(401);
  });
});

describe('Mark as Complete (POST /academy/{id}/complete)', () => {
  it('moves the progress: completed published items / published items, rounded', async () => {
    const token = await freshBroker();
    const category = uniqueCategory('Progress');
    const item = await article(category, 'Progress one');

    const before = await academyAs(token);
    const response = await completeAs(token, item.id);
    const after = await academyAs(token);

    expect(response.status).toBe(200);
    expect(before.progress.completed).toBe(0);
    expect(after.progress).toEqual({
      completed: 1,
      published: after.items.length,
      percent: Math.round((1 / after.items.length) * 100),
    });
    expect(response.body.progress).toEqual(after.progress);
    expect(after.items.find((shown) => shown.id === item.id)).toMatchObject({ completed: true, score: null });
  });

  it('is idempotent: a second click records nothing new and keeps the first completion', async () => {
    const token = await freshBroker();
    const item = await article(uniqueCategory('Twice'), 'Click twice');

    const first = await completeAs(token, item.id);
    const second = await completeAs(token, item.id);

    expect(first.body).toMatchObject({ completed: true, firstCompletion: true });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ completed: true, firstCompletion: false, completedAt: first.body.completedAt });
    expect(second.body.progress).toEqual(first.body.progress);
  });

  it('counts a new learner once when their completions arrive at the same time', async () => {
    const token = await freshBroker();
    const category = uniqueCategory('Concurrent');
    const items = await Promise.all([article(category, 'One'), article(category, 'Two')]);
    const learnersBefore = (await adminList()).learners;

    const responses = await Promise.all([
      ...items.map((item) => completeAs(token, item.id)),
      ...items.map((item) => completeAs(token, item.id)),
    ]);

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    for (const item of items) {
      const firsts = responses.filter((response) => response.body.contentId === item.id && response.body.firstCompletion);
      expect(firsts, `exactly one first completion of ${item.title}`).toHaveLength(1);
    }
    expect((await adminList()).learners).toBe(learnersBefore + 1);
    const { items: shown } = await academyAs(token);
    expect(
      shown
        .filter((item) => item.completed)
        .map((item) => item.id)
        .sort(),
    ).toEqual(items.map((item) => item.id).sort());
  });

  it('grades a test on the server and records its score, which a retake does not change', async () => {
    const token = await freshBroker();
    const quiz = await create({
      title: 'Graded',
      category: uniqueCategory('Graded'),
      contentType: 'test',
      content: QUIZ,
      isPublished: true,
    });

    const graded = await completeAs(token, quiz.id, { answers: [1, 0, 0] });
    const retake = await completeAs(token, quiz.id, { answers: [1, 0, 2] });

    expect(graded.body.score).toBe(67);
    expect(retake.body).toMatchObject({ score: 67, firstCompletion: false });
    expect((await academyAs(token)).items.find((item) => item.id === quiz.id)).toMatchObject({ completed: true, score: 67 });
  });

  it('tells which questions of the submitted attempt were wrong, without revealing the right choice', async () => {
    const token = await freshBroker();
    const quiz = await create({
      title: 'Which one failed',
      category: uniqueCategory('Failed'),
      contentType: 'test',
      content: QUIZ,
      isPublished: true,
    });
    const item = await article(uniqueCategory('NoResults'), 'No results for articles');

    const graded = await completeAs(token, quiz.id, { answers: [1, 1, 2] });
    // A retake's own answers are graded too, though the recorded score stays the first one.
    const retake = await completeAs(token, quiz.id, { answers: [0, 0, 2] });
    const read = await completeAs(token, item.id, {});

    expect(graded.status).toBe(200);
    expect(graded.body.results).toEqual([{ correct: true }, { correct: false }, { correct: true }]);
    expect(retake.body).toMatchObject({ score: 67, results: [{ correct: false }, { correct: true }, { correct: true }] });
    expect(JSON.stringify(graded.body)).not.toMatch(/"answer"/);
    expect(read.body.results).toBeNull();
  });

  it('refuses a test without an answer to every question (400), and ignores a score sent by the browser', async () => {
    const token = await freshBroker();
    const quiz = await create({
      title: 'Strict',
      category: uniqueCategory('Strict'),
      contentType: 'test',
      content: QUIZ,
      isPublished: true,
    });
    const item = await article(uniqueCategory('Scored'), 'No score for articles');

    const missing = await completeAs(token, quiz.id, { answers: [1] });
    const none = await completeAs(token, quiz.id, {});
    const forged = await completeAs(token, item.id, { score: 100 });

    expect(missing.status).toBe(400);
    expect(errorOf(missing.body).message).toBe(ACADEMY_ANSWERS_MESSAGE);
    expect(none.status).toBe(400);
    expect(forged.status).toBe(200);
    expect(forged.body.score).toBeNull();
  });

  it('refuses a draft and an unknown item as not found (404)', async () => {
    const draft = await article(uniqueCategory('Drafts'), 'Not yet', { isPublished: false });

    expect((await completeAs(as('broker'), draft.id)).status).toBe(404);
    expect((await completeAs(as('broker'), '01NOSUCHCONTENT')).status).toBe(404);
  });

  it("moves the broker's dashboard card with the progress", async () => {
    const token = await freshBroker();
    // A broker without an approved profile does not see the dashboard: use the demo broker, whose progress only grows.
    const item = await article(uniqueCategory('Dashboard'), 'Dashboard card');
    const dashboard = async () =>
      (await apiFetch<DashboardResponse>('/dashboard', { token: as('broker') })).body.cards.find((card) => card.id === 'academy');

    await completeAs(as('broker'), item.id);
    const { progress } = await academyAs(as('broker'));

    expect(await dashboard()).toEqual({ id: 'academy', value: progress.percent, unit: 'percent' });
    expect((await academyAs(token)).progress.completed).toBe(0);
  });
});

describe('content management (admins)', () => {
  it('creates a draft by default, last in its category, and keeps only the fields of its type', async () => {
    const category = uniqueCategory('Create');
    await article(category, 'First', { orderIndex: 10 });

    const created = await create({
      title: '  A video  ',
      category,
      contentType: 'video',
      videoUrl: 'https://player.vimeo.com/video/1',
      content: 'stray text',
      description: '',
    });

    expect(created).toMatchObject({
      title: 'A video',
      isPublished: false,
      orderIndex: 20,
      description: null,
      content: null,
      videoUrl: 'https://player.vimeo.com/video/1',
    });
  });

  it('refuses invalid content with the field and its message (400)', async () => {
    const category = uniqueCategory('Invalid');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '', category, contentType: 'article', content: 'x' }, 'title', ACADEMY_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(201), category, contentType: 'article', content: 'x' }, 'title', ACADEMY_MESSAGES.titleTooLong],
      [{ title: 'T', category, contentType: 'article' }, 'content', ACADEMY_MESSAGES.articleRequired],
      [
        { title: 'T', category, contentType: 'video', videoUrl: 'http://insecure.example' },
        'videoUrl',
        ACADEMY_MESSAGES.videoUrl,
      ],
      [{ title: 'T', category, contentType: 'test', content: 'not json' }, 'content', ACADEMY_MESSAGES.testFormat],
      [{ title: 'T', category, contentType: 'podcast' }, 'contentType', ACADEMY_MESSAGES.contentType],
      [
        { title: 'T', category: 'Bad#Category', contentType: 'article', content: 'x' },
        'category',
        ACADEMY_MESSAGES.categoryCharacters,
      ],
      [{ title: 'T', category, contentType: 'article', content: 'x'.repeat(50_001) }, 'content', ACADEMY_MESSAGES.contentTooLong],
    ];
    for (const [body, field, message] of cases) {
      const response = await apiFetch('/admin/academy', { token: as('admin'), body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(response.body).fields?.[field]).toBe(message);
    }
  });

  it('keeps the published count with publish, unpublish and delete', async () => {
    const published = async () => (await adminList()).published;
    const start = await published();
    const item = await article(uniqueCategory('Counter'), 'Counted', { isPublished: false });

    expect(await published()).toBe(start);
    expect((await patch(item.id, { isPublished: true })).status).toBe(200);
    expect(await published()).toBe(start + 1);
    expect((await patch(item.id, { isPublished: true })).status).toBe(200);
    expect(await published()).toBe(start + 1);
    expect((await patch(item.id, { title: 'Renamed' })).body).toMatchObject({ title: 'Renamed', isPublished: true });
    expect(await published()).toBe(start + 1);
    expect((await patch(item.id, { isPublished: false })).status).toBe(200);
    expect(await published()).toBe(start);
    await patch(item.id, { isPublished: true });
    expect((await apiFetch(`/admin/academy/${item.id}`, { token: as('admin'), method: 'DELETE' })).status).toBe(200);
    expect(await published()).toBe(start);
    expect((await (await adminList()).items).some((shown) => shown.id === item.id)).toBe(false);
  });

  it('stops counting completions of an item once it is unpublished', async () => {
    const token = await freshBroker();
    const item = await article(uniqueCategory('Unpublish'), 'Soon a draft');
    await completeAs(token, item.id);

    await patch(item.id, { isPublished: false });
    const { progress, items } = await academyAs(token);

    expect(progress).toEqual({ completed: 0, published: items.length, percent: 0 });
  });

  it('checks an edit on the item as it will be stored: a video made an article needs its text', async () => {
    const video = await create({
      title: 'Was a video',
      category: uniqueCategory('Edit'),
      contentType: 'video',
      videoUrl: 'https://player.vimeo.com/video/2',
    });

    const refused = await patch(video.id, { contentType: 'article' });
    const accepted = await patch(video.id, { contentType: 'article', content: 'Now an article.' });

    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).fields?.content).toBe(ACADEMY_MESSAGES.articleRequired);
    expect(accepted.body).toMatchObject({ contentType: 'article', content: 'Now an article.', videoUrl: null });
    expect((await patch('01NOSUCHCONTENT', { title: 'x' })).status).toBe(404);
  });

  it('reorders a category, drafts included, and refuses an order that leaves one out', async () => {
    const category = uniqueCategory('Reorder');
    const a = await article(category, 'A');
    const b = await article(category, 'B');
    const c = await article(category, 'C', { isPublished: false });

    const partial = await apiFetch('/admin/academy-order', { token: as('admin'), body: { category, ids: [c.id, a.id] } });
    const reordered = await apiFetch<AdminAcademyListResponse>('/admin/academy-order', {
      token: as('admin'),
      body: { category, ids: [c.id, b.id, a.id] },
    });

    expect(partial.status).toBe(400);
    expect(errorOf(partial.body).message).toBe(ACADEMY_REORDER_MESSAGE);
    expect(reordered.status).toBe(200);
    const ours = reordered.body.items.filter((item) => item.category === category);
    expect(ours.map((item) => [item.id, item.orderIndex])).toEqual([
      [c.id, 10],
      [b.id, 20],
      [a.id, 30],
    ]);
    const learner = (await academyAs(as('broker'))).items.filter((item) => item.category === category);
    expect(learner.map((item) => item.id)).toEqual([b.id, a.id]);
  });

  it('answers the admin list with every field, drafts included', async () => {
    const body = await adminList();

    expectResponseKeys(
      body,
      {
        categories: [true],
        items: [
          {
            id: true,
            title: true,
            description: true,
            category: true,
            contentType: true,
            content: true,
            videoUrl: true,
            durationMinutes: true,
            isPublished: true,
            orderIndex: true,
            createdAt: true,
          },
        ],
        published: true,
        learners: true,
      },
      'GET /admin/academy as admin',
    );
    expect(body.items.some((item) => !item.isPublished)).toBe(true);
  });

  it('refuses every content route to brokers (403)', async () => {
    const requests = [
      apiFetch('/admin/academy', { token: as('broker') }),
      apiFetch('/admin/academy', { token: as('broker'), body: { title: 'x' } }),
      apiFetch('/admin/academy/01NOSUCHCONTENT', { token: as('broker'), method: 'PATCH', body: { isPublished: true } }),
      apiFetch('/admin/academy/01NOSUCHCONTENT', { token: as('broker'), method: 'DELETE' }),
      apiFetch('/admin/academy-order', { token: as('broker'), body: { category: 'x', ids: ['a'] } }),
    ];
    expect((await Promise.all(requests)).map((response) => response.status)).toEqual([403, 403, 403, 403, 403]);
  });
});
