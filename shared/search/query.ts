/**
 * The words of a global search, as every search index matches them: lower-cased runs of letters and digits, each
 * matched as the start of a word of the record's text. A query that is only a phone number ("(555) 010-2030",
 * "+1 555 010 2030") is one word of its digits, because the indexes keep a phone as its digits (and its last 10).
 */
const WORD = /[\p{L}\p{N}]+/gu;
/** Digits with the punctuation people type in phone numbers, and at least 7 digits. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;
const PHONE_DIGITS_MIN = 7;

export function searchWords(q: string): string[] {
  const trimmed = q.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (PHONE_LIKE.test(trimmed) && digits.length >= PHONE_DIGITS_MIN && /\D/.test(trimmed)) return [digits];
  return [...new Set(trimmed.toLowerCase().match(WORD) ?? [])];
}

/** The word a search index is looked up by: the longest (the most selective token), the first of equals. */
export function longestWord(words: readonly string[], usable: (word: string) => boolean = () => true): string | undefined {
  return words
    .filter(usable)
    .reduce<string | undefined>((best, word) => (!best || word.length > best.length ? word : best), undefined);
}
