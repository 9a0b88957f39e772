/**
 * The words of a searchable text, shared by the hand-made search indexes (deals list, clients): lower-cased runs of
 * letters and digits of any alphabet, so "Mercedes-Benz" is "mercedes" and "benz" and "ann.lee@example.com" is
 * "ann", "lee", "example" and "com". A search word matches a text when it starts one of the text's words.
 */
export function words(value: string | null | undefined): string[] {
  return value?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The text search words are checked against: each word preceded by a space, so " rav" matches a word start. */
export const wordStartText = (textWords: string[]) => ` ${textWords.join(' ')} `;

/** A DynamoDB `contains` condition per search word on a `wordStartText` attribute. */
export const wordStartConditions = (attr: 'text', searchWords: string[]) =>
  searchWords.map((word) => ({ attr, contains: ` ${word}` }));

/**
 * How a search index turns a record's words into its token listings (docs/data-model.md, "Global search"): each
 * indexed word gives every prefix from `shortest` to `longest` characters (a word shorter than `shortest` gives
 * none: no search word is looked up by so few characters, `lookupToken`), so a search word of N characters
 * (shortest <= N <= longest) is looked up in the listing of exactly those N characters and reads only entries with a
 * word that starts with them. A longer search word is looked up by its first `longest` characters and checked in
 * full against the entry's `text`. `cap` bounds the listings one record is in (its items, and its transaction's).
 */
export interface PrefixRule {
  shortest: number;
  longest: number;
  cap: number;
  /**
   * A word shorter than `shortest` but of at least this many characters is a listing of its own, whole ("x5" of a
   * BMW X5): a search word of that length reads it and finds the records with that very word (not the longer words
   * starting with it). Absent: such a word has no listing.
   */
  wholeFrom?: number;
}

type LengthRule = Pick<PrefixRule, 'shortest' | 'longest' | 'wholeFrom'>;

/** True for a word the rule lists whole rather than by its prefixes (`wholeFrom`). */
const isWholeWord = (word: string, rule: LengthRule) =>
  rule.wholeFrom !== undefined && word.length >= rule.wholeFrom && word.length < rule.shortest;

/** Every prefix of a word the rule indexes, shortest first; a short word whole (`wholeFrom`) or not at all. */
export function wordPrefixes(word: string, rule: LengthRule): string[] {
  if (isWholeWord(word, rule)) return [word];
  if (word.length === 0 || word.length < rule.shortest) return [];
  const prefixes: string[] = [];
  for (let length = rule.shortest; length <= Math.min(word.length, rule.longest); length++) prefixes.push(word.slice(0, length));
  return prefixes;
}

/**
 * A record's tokens: its words in the order given (the caller's priority), each word whole (every prefix) or not at
 * all, while the cap allows; a word whose prefixes do not all fit (or that is too short to have any) is left out of
 * the listings (it stays in the entry's text, so it still narrows a search found by another word) and the next
 * words are tried. `indexed`: the words whose every prefix is a token.
 */
export function prefixTokens(recordWords: readonly string[], rule: PrefixRule): { tokens: string[]; indexed: string[] } {
  const tokens = new Set<string>();
  const indexed: string[] = [];
  for (const word of recordWords) {
    const prefixes = wordPrefixes(word, rule);
    const fresh = prefixes.filter((prefix) => !tokens.has(prefix));
    if (prefixes.length === 0 || tokens.size + fresh.length > rule.cap) continue;
    for (const prefix of fresh) tokens.add(prefix);
    if (!indexed.includes(word)) indexed.push(word);
  }
  return { tokens: [...tokens], indexed };
}

/**
 * The token a search word is looked up by: the word itself up to `longest` characters, its first `longest` beyond;
 * a short word listed whole (`wholeFrom`) itself; null for another word shorter than `shortest` (longer words start
 * with it too and have no listing of it).
 */
export function lookupToken(word: string, rule: LengthRule): string | null {
  if (isWholeWord(word, rule)) return word;
  if (word.length === 0 || word.length < rule.shortest) return null;
  return word.slice(0, rule.longest);
}

/** True when the token's listing holds only entries with a word starting with the whole search word. */
export const isExactLookup = (word: string, rule: LengthRule) =>
  isWholeWord(word, rule) || (word.length >= rule.shortest && word.length <= rule.longest);

/**
 * The ends of a phone number people search by: its last 4 and its last 7 digits (the number without its area code).
 * Each is a word of the entry's text and one listing (its lookup token), not every prefix: a search of 1 to 3 digits
 * is a number's start, not its end (docs/data-model.md, "Token listings"). Clients and leads alike.
 */
export const PHONE_TAILS = [4, 7] as const;

/** A phone's digits' ends of PHONE_TAILS digits (a shorter number has none). */
export const phoneTails = (digits: string) =>
  PHONE_TAILS.filter((length) => digits.length > length).map((length) => digits.slice(-length));

/** A phone number's digits, as the search indexes hold it. */
export const phoneDigits = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '');

/** The listings of a phone's ends (phoneTails): one each, their lookup token under `rule`. */
export const phoneEndTokens = (phone: string | null | undefined, rule: LengthRule) => [
  ...new Set(phoneTails(phoneDigits(phone)).map((end) => lookupToken(end, rule) ?? end)),
];

/** `recordWords` without the phone's ends, which phoneEndTokens lists apart. */
export function withoutPhoneEnds(recordWords: readonly string[], phone: string | null | undefined): string[] {
  const ends = new Set(phoneTails(phoneDigits(phone)));
  return recordWords.filter((word) => !ends.has(word));
}

/**
 * Every token listing a record with a phone is in, at most `rule.cap`: the phone's ends first, then every prefix of
 * `indexed` (its other words, ends left out: withoutPhoneEnds) within what the cap leaves. Clients and leads alike.
 */
export function phoneEndsFirstTokens(indexed: readonly string[], phone: string | null | undefined, rule: PrefixRule): string[] {
  const ends = phoneEndTokens(phone, rule);
  const rest = prefixTokens(indexed, { ...rule, cap: rule.cap - ends.length });
  return [...new Set([...ends, ...rest.tokens])];
}
