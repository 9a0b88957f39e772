/**
 * The notification centre's routes for the web (shared/notifications/api.ts): the bell's list and unread count
 * (refetched every minute and when the window regains focus) and marking read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResponse, NotificationListResponse } from '@shared/notifications/api';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** The bell polls this often besides refetching on focus. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => api.get<NotificationListResponse>('/notifications?limit=20'),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<MarkReadResponse>(`/notifications/${encodeURIComponent(id)}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MarkReadResponse>('/notifications/read-all'),
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}
