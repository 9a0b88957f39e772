/**
 * The lender programs routes for the web (shared/programs/api.ts; docs/decisions.md, "Programs"): lenders, a lender's
 * months, a month's rows page by page, adding a lender, the import of a month in chunks from its cursor, and the
 * match of a vehicle for brokers.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROGRAM_CHUNK_ROWS,
  type CreateLenderRequest,
  type Lender,
  type LendersResponse,
  type ProgramVersion,
  type VersionRowsResponse,
  type VersionsResponse,
} from '@shared/programs/api';
import type { ProgramImportValues } from '@shared/programs/rows';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

export const programKeys = {
  all: ['programs'] as const,
  lenders: () => [...programKeys.all, 'lenders'] as const,
  versions: (lenderId: string) => [...programKeys.all, 'versions', lenderId] as const,
  rows: (lenderId: string, month: string) => [...programKeys.all, 'rows', lenderId, month] as const,
};

const lenderPath = (lenderId: string) => `/programs/lenders/${encodeURIComponent(lenderId)}`;

export function useLenders() {
  return useQuery({
    queryKey: programKeys.lenders(),
    queryFn: ({ signal }) => api.get<LendersResponse>('/programs/lenders', { signal }),
  });
}

/** Adds a lender; a taken name is left to the form (it lands on the name field), anything else is toasted. */
export function useCreateLender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLenderRequest) => api.post<Lender>('/programs/lenders', body),
    onSuccess: (lender) =>
      toast({ title: 'Lender added', description: `${lender.name} can now import its programs.`, variant: 'success' }),
    onError: (error: Error) => toast({ title: 'Lender not added', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: programKeys.lenders() }),
  });
}

export function useLenderVersions(lenderId: string) {
  return useQuery({
    queryKey: programKeys.versions(lenderId),
    queryFn: ({ signal }) => api.get<VersionsResponse>(`${lenderPath(lenderId)}/versions`, { signal }),
  });
}

export function useVersionRows(lenderId: string, month: string) {
  return useInfiniteQuery({
    queryKey: programKeys.rows(lenderId, month),
    queryFn: ({ pageParam, signal }) =>
      api.get<VersionRowsResponse>(
        `${lenderPath(lenderId)}/versions/${encodeURIComponent(month)}/rows${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** SHA-256 of the mapped rows, hex: the same file under the same mapping resumes its unfinished import. */
export async function programRowsHash(rows: readonly ProgramImportValues[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(rows)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Starts (or resumes) the import of a month's program and sends its rows chunk by chunk from the version's cursor,
 * reporting the version after each chunk. A failure stops it where the cursor is: calling it again resumes there
 * (the server answers the unfinished version of the same file).
 */
export async function runProgramImport(
  input: { lenderId: string; month: string; fileName: string; rows: readonly ProgramImportValues[] },
  onProgress: (version: ProgramVersion) => void,
): Promise<ProgramVersion> {
  const path = `${lenderPath(input.lenderId)}/versions`;
  let version = await api.post<ProgramVersion>(path, {
    month: input.month,
    fileHash: await programRowsHash(input.rows),
    fileName: input.fileName,
    total: input.rows.length,
  });
  onProgress(version);
  while (version.status !== 'ready') {
    const rows = input.rows.slice(version.cursor, version.cursor + PROGRAM_CHUNK_ROWS);
    ({ version } = await api.post<{ version: ProgramVersion }>(`${path}/${encodeURIComponent(version.month)}/rows`, {
      start: version.cursor,
      rows,
    }));
    onProgress(version);
  }
  return version;
}
