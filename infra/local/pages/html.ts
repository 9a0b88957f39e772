/** A small, accessible HTML page for the local stand-in pages (the e2e suite runs axe over them inside their frames). */
import type { HttpAnswer } from '../api-gateway';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; padding: 2rem; color: #1f2933; background: #fff; }
  main { max-width: 32rem; margin: 0 auto; }
  .badge { display: inline-block; padding: 0.125rem 0.5rem; border-radius: 999px; background: #fff4d6; color: #6b4e00; font-size: 0.8rem; }
  label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
  input[type=text] { width: 100%; padding: 0.5rem; border: 1px solid #52606d; border-radius: 0.375rem; font: inherit; box-sizing: border-box; }
  button { margin-top: 1.25rem; padding: 0.625rem 1.25rem; border: 0; border-radius: 0.375rem; background: #1d4ed8; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  a { color: #1d4ed8; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0; }
`;

export function htmlPage(status: number, title: string, body: string): HttpAnswer {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: Buffer.from(html),
  };
}

export function redirect(location: string): HttpAnswer {
  return { status: 303, headers: { location }, body: Buffer.alloc(0) };
}
