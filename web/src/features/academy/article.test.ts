import { describe, expect, it } from 'vitest';
import { parseArticle, parseInline } from './article';

describe('parseArticle', () => {
  it('splits paragraphs on blank lines and joins the lines of one paragraph', () => {
    expect(parseArticle('First line\nsame paragraph.\n\nSecond paragraph.')).toEqual([
      { kind: 'paragraph', text: 'First line same paragraph.' },
      { kind: 'paragraph', text: 'Second paragraph.' },
    ]);
  });

  it('reads headings, bulleted and numbered lists', () => {
    const article = '## Why it matters\nIntro.\n- one\n- two\n  continued\n\n1. first\n2) second\n### Small';

    expect(parseArticle(article)).toEqual([
      { kind: 'heading', level: 2, text: 'Why it matters' },
      { kind: 'paragraph', text: 'Intro.' },
      { kind: 'list', ordered: false, items: ['one', 'two continued'] },
      { kind: 'list', ordered: true, items: ['first', 'second'] },
      { kind: 'heading', level: 3, text: 'Small' },
    ]);
  });

  it('keeps markup-looking text as text: nothing is ever HTML', () => {
    expect(parseArticle('<script>alert(1)</script>\r\n\r\n<b>x</b>')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
      { kind: 'paragraph', text: '<b>x</b>' },
    ]);
  });

  it('returns no blocks for blank text', () => {
    expect(parseArticle('  \n\n ')).toEqual([]);
  });
});

describe('parseInline', () => {
  it('marks **bold** spans and leaves an unmatched marker as typed', () => {
    expect(parseInline('A **money factor** of **0.00125**')).toEqual([
      { bold: false, text: 'A ' },
      { bold: true, text: 'money factor' },
      { bold: false, text: ' of ' },
      { bold: true, text: '0.00125' },
    ]);
    expect(parseInline('2 ** 3')).toEqual([{ bold: false, text: '2 ** 3' }]);
  });
});
