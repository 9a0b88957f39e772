/**
 * The client's question about a proposal, written with zod/mini (zod's tree-shakeable API): the public proposal
 * page loads it, and its first load is held to 60 KB of JavaScript (docs/decisions.md, "Public pages"), which
 * classic zod alone would take a third of. The API composes the same field into its classic request schema
 * (./api.ts), so the rule and its messages are one.
 */
import * as z from 'zod/mini';
import { requiredText } from '../validation-mini';

export const QUESTION_REQUIRED_MESSAGE = 'Please type your question';
export const QUESTION_MAX = 1000;
export const QUESTION_TOO_LONG_MESSAGE = `Your question must be less than ${QUESTION_MAX} characters`;

/** The question: trimmed, not blank, at most QUESTION_MAX characters. */
export const proposalQuestionField = requiredText(QUESTION_REQUIRED_MESSAGE).check(
  z.maxLength(QUESTION_MAX, QUESTION_TOO_LONG_MESSAGE),
);

/** The question as it is sent (trimmed), or the first message saying why it cannot be. */
export function checkProposalQuestion(question: unknown): { ok: true; question: string } | { ok: false; message: string } {
  const parsed = z.safeParse(proposalQuestionField, question);
  return parsed.success ? { ok: true, question: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message };
}
