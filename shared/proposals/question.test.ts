import { describe, expect, it } from 'vitest';
import { proposalQuestionSchema } from './api';
import { QUESTION_MAX, QUESTION_REQUIRED_MESSAGE, QUESTION_TOO_LONG_MESSAGE, checkProposalQuestion } from './question';

describe('checkProposalQuestion (the public page) and proposalQuestionSchema (the API) give one answer', () => {
  it.each([
    ['  When can I pick it up?  ', { ok: true, question: 'When can I pick it up?' }],
    ['x'.repeat(QUESTION_MAX), { ok: true, question: 'x'.repeat(QUESTION_MAX) }],
    ['', { ok: false, message: QUESTION_REQUIRED_MESSAGE }],
    ['   ', { ok: false, message: QUESTION_REQUIRED_MESSAGE }],
    [undefined, { ok: false, message: QUESTION_REQUIRED_MESSAGE }],
    ['x'.repeat(QUESTION_MAX + 1), { ok: false, message: QUESTION_TOO_LONG_MESSAGE }],
  ])('%j', (question, expected) => {
    expect(checkProposalQuestion(question)).toEqual(expected);
    const parsed = proposalQuestionSchema.safeParse({ question });
    expect(
      parsed.success ? { ok: true, question: parsed.data.question } : { ok: false, message: parsed.error.issues[0]!.message },
    ).toEqual(expected);
  });
});
