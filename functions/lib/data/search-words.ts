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
