/**
 * "Export CSV" on the clients, deals and leads lists (docs/decisions.md, "CSV import and export"): asks the API for
 * the export page by page (GET /exports/{kind}), joins the pages in a Blob and hands it to the browser as a download
 * named after the list and the day. Guarded from the first click: busy (with the rows read so far) until the file
 * is saved; a failure is a toast and nothing is downloaded.
 */
import { useRef, useState } from 'react';
import type { ExportKind, ExportPage } from '@shared/transfers/api';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { logger } from '@web/lib/logger';

const LABELS: Record<ExportKind, string> = { clients: 'clients', deals: 'deals', leads: 'leads' };

/** Every page of an export, in order: the file's parts. */
export async function readExport(kind: ExportKind, onRows: (rows: number) => void): Promise<string[]> {
  const parts: string[] = [];
  let rows = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page: ExportPage = await api.get<ExportPage>(`/exports/${kind}${query}`);
    parts.push(page.csv);
    rows += page.rows;
    onRows(rows);
    cursor = page.nextCursor;
  } while (cursor);
  return parts;
}

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

export function ExportButton({ kind }: { kind: ExportKind }) {
  const [rows, setRows] = useState<number | null>(null);
  const running = useRef(false);

  const start = async () => {
    if (running.current) return;
    running.current = true;
    setRows(0);
    try {
      const parts = await readExport(kind, setRows);
      saveCsvFile(parts, `leasedesk-${kind}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      logger.error(`Exporting ${kind} failed`, error);
      toast({ title: `Could not export ${LABELS[kind]}`, description: (error as Error).message, variant: 'destructive' });
    } finally {
      running.current = false;
      setRows(null);
    }
  };

  return (
    <Button variant="secondary" isLoading={rows !== null} onClick={() => void start()}>
      {rows === null ? 'Export CSV' : `Exporting… ${rows.toLocaleString('en-US')}`}
    </Button>
  );
}
