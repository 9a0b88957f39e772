/**
 * "Export CSV" on the clients, deals and leads lists and the brokered-vehicle log (docs/decisions.md, "CSV import and
 * export"): asks the API for the export page by page (GET /exports/{kind}, or the log's export of a range), joins the
 * pages in a Blob and hands it to the browser as a download named after the list and the day. Guarded from the first
 * click: busy (with the rows read so far) until the file is saved; a failure is a toast and nothing is downloaded.
 */
import { useRef, useState } from 'react';
import type { ExportKind, ExportPage } from '@shared/transfers/api';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { logger } from '@web/lib/logger';

const LABELS: Record<ExportKind, string> = { clients: 'clients', deals: 'deals', leads: 'leads' };

/**
 * Every page of an export, in order: the file's parts. `path` is an export route answering ExportPage, with its own
 * query if it has one (the cursor is added to it).
 */
export async function readExportPages(path: string, onRows: (rows: number) => void): Promise<string[]> {
  const parts: string[] = [];
  let rows = 0;
  let cursor: string | null = null;
  const joiner = path.includes('?') ? '&' : '?';
  do {
    const query: string = cursor ? `${joiner}cursor=${encodeURIComponent(cursor)}` : '';
    const page: ExportPage = await api.get<ExportPage>(`${path}${query}`);
    parts.push(page.csv);
    rows += page.rows;
    onRows(rows);
    cursor = page.nextCursor;
  } while (cursor);
  return parts;
}

/** Every page of the clients, deals or leads export. */
export const readExport = (kind: ExportKind, onRows: (rows: number) => void) => readExportPages(`/exports/${kind}`, onRows);

/** Hands the file's parts to the browser as a download (every CSV export of the app saves through here). */
export function saveCsvFile(parts: string[], fileName: string) {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** What an export reads and how its file is named: a list's kind, or any export route (the brokered-vehicle log). */
export type ExportSource = { kind: ExportKind } | { path: string; fileName: string; label: string; disabled?: boolean };

export function ExportButton(source: ExportSource) {
  const [rows, setRows] = useState<number | null>(null);
  const running = useRef(false);
  const label = 'kind' in source ? LABELS[source.kind] : source.label;

  const start = async () => {
    if (running.current) return;
    running.current = true;
    setRows(0);
    try {
      if ('kind' in source) {
        const parts = await readExport(source.kind, setRows);
        saveCsvFile(parts, `leasedesk-${source.kind}-${new Date().toISOString().slice(0, 10)}.csv`);
      } else {
        saveCsvFile(await readExportPages(source.path, setRows), source.fileName);
      }
    } catch (error) {
      logger.error(`Exporting ${label} failed`, error);
      toast({ title: `Could not export ${label}`, description: (error as Error).message, variant: 'destructive' });
    } finally {
      running.current = false;
      setRows(null);
    }
  };

  return (
    <Button
      variant="secondary"
      isLoading={rows !== null}
      disabled={'disabled' in source && source.disabled}
      onClick={() => void start()}
    >
      {rows === null ? 'Export CSV' : `Exporting… ${rows.toLocaleString('en-US')}`}
    </Button>
  );
}
