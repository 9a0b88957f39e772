/**
 * The client import's API calls (shared/transfers/api.ts): the existing clients matching the rows (the preview's
 * duplicates), starting or resuming an import, and sending its chunks from the job's cursor until it is done.
 */
import {
  IMPORT_CHUNK_ROWS,
  type ClientMatch,
  type ClientMatchesResponse,
  type DuplicatePolicy,
  type ImportJob,
  type ImportRowsResponse,
} from '@shared/transfers/api';
import type { ClientImportValues } from '@shared/transfers/client-rows';
import { api } from '@web/lib/api-client';

const MATCH_CHUNK = 500;

/** Existing clients holding the rows' e-mails or phones, by row index. */
export async function findExistingClients(
  rows: readonly ClientImportValues[],
  signal?: AbortSignal,
): Promise<Map<number, ClientMatch>> {
  const found = new Map<number, ClientMatch>();
  for (let start = 0; start < rows.length; start += MATCH_CHUNK) {
    const chunk = rows.slice(start, start + MATCH_CHUNK).map(({ email, phone }) => ({ email, phone }));
    const { matches } = await api.post<ClientMatchesResponse>('/client-imports/matches', { rows: chunk }, { signal });
    for (const match of matches) found.set(start + match.index, { ...match, index: start + match.index });
  }
  return found;
}

/** SHA-256 of the rows to import, hex: the same file with the same mapping resumes its unfinished import. */
export async function rowsHash(rows: readonly ClientImportValues[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(rows)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Starts (or resumes) the import of `rows` and sends them chunk by chunk from the job's cursor, reporting the job
 * after each chunk. A failure stops it where the job's cursor is: calling it again resumes there.
 */
export async function runImport(
  input: { fileName: string; rows: readonly ClientImportValues[]; onDuplicate: DuplicatePolicy },
  onProgress: (job: ImportJob) => void,
): Promise<ImportJob> {
  const fileHash = await rowsHash(input.rows);
  let job = await api.post<ImportJob>('/client-imports', {
    fileHash,
    fileName: input.fileName,
    total: input.rows.length,
    onDuplicate: input.onDuplicate,
  });
  onProgress(job);
  while (job.status !== 'done') {
    const rows = input.rows.slice(job.cursor, job.cursor + IMPORT_CHUNK_ROWS);
    ({ job } = await api.post<ImportRowsResponse>(`/client-imports/${encodeURIComponent(job.id)}/rows`, {
      start: job.cursor,
      rows,
    }));
    onProgress(job);
  }
  return job;
}
