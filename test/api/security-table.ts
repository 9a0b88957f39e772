/**
 * docs/security.md's "Routes x principals covered" table, rendered from the route table and the authorization matrix
 * (the suite's own verdicts), so the document cannot drift from what `authorization.test.ts` proves: that test compares
 * the document's table with this rendering, cell by cell. After a matrix change, rewrite it with
 *   npx tsx test/api/security-table.ts --write && npx prettier --write docs/security.md
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routeKey, ROUTES, type RouteDef } from '@shared/api/routes';
import { AUTHORIZATION_MATRIX, CALLERS, OWN_BOOK_MATRIX } from './authorization-matrix';

export const SECURITY_DOC = fileURLToPath(new URL('../../docs/security.md', import.meta.url));
const START = '<!-- routes-x-principals:start -->';
const END = '<!-- routes-x-principals:end -->';

/** The table's rows, header first: route, one verdict per caller, object cells, own-book cells. */
export function securityTableRows(): string[][] {
  const header = ['route', ...CALLERS, 'object cells', 'own-book cells'];
  const rows = (ROUTES as readonly RouteDef[]).map((route) => {
    const key = routeKey(route);
    const row = AUTHORIZATION_MATRIX[key];
    return [
      key,
      ...CALLERS.map((caller) => row?.verdicts[caller] ?? 'none'),
      String(row?.objects?.length ?? 0),
      String(OWN_BOOK_MATRIX[key]?.length ?? 0),
    ];
  });
  return [header, ...rows];
}

export function renderSecurityTable(): string {
  const [header, ...rows] = securityTableRows();
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header!), line(header!.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The rows of the table between the markers of a document (cells trimmed, the separator row left out). */
export function documentedRows(markdown: string): string[][] | undefined {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return markdown
    .slice(start + START.length, end)
    .split('\n')
    .map((text) => text.trim())
    .filter((text) => text.startsWith('|') && !/^\|[\s|:-]+\|$/.test(text))
    .map((text) =>
      text
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

function write(): void {
  const markdown = readFileSync(SECURITY_DOC, 'utf8');
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/security.md has no ${START} ... ${END} block`);
  writeFileSync(SECURITY_DOC, `${markdown.slice(0, start + START.length)}\n\n${renderSecurityTable()}\n\n${markdown.slice(end)}`);
}

if (process.argv.includes('--write')) write();
