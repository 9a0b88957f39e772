/**
 * The academy routes for the web: the learner's screen (one call), Mark as Complete with an optimistic update, and
 * the admins' content management, each mutation refreshing what it changes.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACADEMY_SAVE_PROGRESS_ERROR,
  type AcademyResponse,
  type AdminAcademyItem,
  type AdminAcademyListResponse,
  type CompleteAcademyItemResponse,
  type CreateAcademyContentRequest,
  type UpdateAcademyContentRequest,
} from '@shared/academy/api';
import { academyProgressPercent } from '@shared/academy/rules';
import { failureToast, toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

const KEY = ['academy'] as const;
const ADMIN_KEY = [...KEY, 'admin'] as const;

export function academyQueryOptions() {
  return queryOptions({
    queryKey: [...KEY, 'learner'],
    queryFn: ({ signal }) => api.get<AcademyResponse>('/academy', { signal }),
  });
}

export function useAcademy() {
  return useQuery(academyQueryOptions());
}

export function adminAcademyQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_KEY,
    queryFn: ({ signal }) => api.get<AdminAcademyListResponse>('/admin/academy', { signal }),
  });
}

export function useAdminAcademy({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminAcademyQueryOptions(), enabled });
}

/** The screen as it is once `contentId` is completed, before the server has said so (the optimistic step). */
export function withCompleted(screen: AcademyResponse, contentId: string): AcademyResponse {
  const target = screen.items.find((item) => item.id === contentId);
  if (!target || target.completed) return screen;
  const completed = screen.progress.completed + 1;
  return {
    ...screen,
    items: screen.items.map((item) => (item.id === contentId ? { ...item, completed: true } : item)),
    progress: { ...screen.progress, completed, percent: academyProgressPercent(completed, screen.progress.published) },
  };
}

/** The screen with the server's record of a completion (its score and time) and the progress it computed. */
export function withCompletion(screen: AcademyResponse, result: CompleteAcademyItemResponse): AcademyResponse {
  return {
    ...screen,
    items: screen.items.map((item) =>
      item.id === result.contentId ? { ...item, completed: true, score: result.score, completedAt: result.completedAt } : item,
    ),
    progress: result.progress,
  };
}

/**
 * Mark as Complete: the item shows as completed and the progress moves at once; on failure both go back and
 * "Error saving progress" is shown. The dashboard card and the profile read the progress too: they are refreshed.
 */
export function useCompleteAcademyItem() {
  const queryClient = useQueryClient();
  const { queryKey } = academyQueryOptions();
  return useMutation({
    mutationFn: ({ id, answers }: { id: string; answers?: number[] }) =>
      api.post<CompleteAcademyItemResponse>(`/academy/${encodeURIComponent(id)}/complete`, answers ? { answers } : {}),
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, withCompleted(previous, id));
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast({ title: ACADEMY_SAVE_PROGRESS_ERROR, description: error.message, variant: 'destructive' });
    },
    onSuccess: (result) => {
      queryClient.setQueryData(queryKey, (screen) => (screen ? withCompletion(screen, result) : screen));
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

function useInvalidateAcademy() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useCreateAcademyContent({ onSuccess }: { onSuccess?: (item: AdminAcademyItem) => void } = {}) {
  const invalidate = useInvalidateAcademy();
  return useMutation({
    mutationFn: (body: CreateAcademyContentRequest) => api.post<AdminAcademyItem>('/admin/academy', body),
    onSuccess: async (item) => {
      toast({ title: 'Content created', description: `${item.title} was added.`, variant: 'success' });
      await invalidate();
      onSuccess?.(item);
    },
    onError: failureToast('Error saving content'),
  });
}

export function useUpdateAcademyContent({ onSuccess }: { onSuccess?: (item: AdminAcademyItem) => void } = {}) {
  const invalidate = useInvalidateAcademy();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAcademyContentRequest }) =>
      api.patch<AdminAcademyItem>(`/admin/academy/${encodeURIComponent(id)}`, changes),
    onSuccess: async (item) => {
      await invalidate();
      onSuccess?.(item);
    },
    onError: failureToast('Error saving content'),
  });
}

export function useDeleteAcademyContent() {
  const invalidate = useInvalidateAcademy();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ id: string }>(`/admin/academy/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Content deleted', variant: 'success' });
      await invalidate();
    },
    onError: failureToast('Error deleting content'),
  });
}

/** Moves: the category's ids in their new order; the list the server answers replaces the one shown. */
export function useReorderAcademy() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAcademy();
  return useMutation({
    mutationFn: (body: { category: string; ids: string[] }) => api.post<AdminAcademyListResponse>('/admin/academy-order', body),
    onSuccess: async (list) => {
      queryClient.setQueryData(ADMIN_KEY, list);
      await invalidate();
    },
    onError: failureToast('Error moving content'),
  });
}
