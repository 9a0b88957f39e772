/**
 * Text put into an e-mail's HTML (docs/security.md, "E-mail and calendar text"): the five characters HTML reads as
 * markup, and the line and paragraph separators U+2028 and U+2029, as character references. The separators render as
 * nothing in HTML but break a line in some mail readers and end a string in a script that embeds the text, so no
 * e-mail carries them raw. No imports: the Cognito message trigger uses it and stays tiny.
 */
const REFERENCES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\u2028': '&#8232;',
  '\u2029': '&#8233;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'\u2028\u2029]/g, (character) => REFERENCES[character]!);
}

/** The line and paragraph separators, wherever they are. */
export const UNICODE_LINE_SEPARATORS = /[\u2028\u2029]/g;
