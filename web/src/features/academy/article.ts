/**
 * Markdown-lite for academy articles: the text is parsed into blocks and rendered as React elements, never as
 * HTML, so an article can hold any character without becoming markup (no dangerouslySetInnerHTML anywhere).
 *
 * Blocks are separated by blank lines: "## " and "### " start headings, lines starting "- " or "* " make a bulleted
 * list, "1. " a numbered list, anything else is a paragraph (its lines joined). Inline, **text** is bold.
 */
export type ArticleBlock =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; text: string };

const BULLET = /^\s*[-*]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

export function parseArticle(source: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = undefined;
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      // A "# " title inside an article is shown one level down: the dialog's own title is the article's heading.
      blocks.push({ kind: 'heading', level: heading[1]!.length === 3 ? 3 : 2, text: heading[2]!.trim() });
      continue;
    }
    const ordered = NUMBERED.test(line);
    if (ordered || BULLET.test(line)) {
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(line.replace(ordered ? NUMBERED : BULLET, ''));
      continue;
    }
    if (list) {
      // A line under a list item continues it.
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

export type InlineSpan = { bold: boolean; text: string };

/** Splits a block's text on **bold** markers; an unmatched marker stays as typed. */
export function parseInline(text: string): InlineSpan[] {
  const spans: InlineSpan[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) spans.push({ bold: false, text: text.slice(last, match.index) });
    spans.push({ bold: true, text: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ bold: false, text: text.slice(last) });
  return spans;
}
