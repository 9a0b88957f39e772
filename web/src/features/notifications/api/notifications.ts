/**
 * The notification centre's routes for the web (shared/notifications/api.ts): the bell's list and unread count and
 * marking read. The bell is part of every screen's bar, so it mounts again on each navigation: the list counts as
 * fresh for a minute so a navigation never asks again, and it is read at sign-in, at most once a minute while the
 * tab is visible, when the window regains focus and after the user's own changes (docs/decisions.md,
 * "Notifications").
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MarkReadResponse, NotificationListResponse } from '@shared/notifications/api';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** The bell polls this often (only while the tab is visible) besides refetching on focus. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export function useNotifications() {
  const queryClient = useQueryClient();
  // The user's own changes (any save, anywhere) may notify them or read a notification: the bell reads again once
  // the change has landed. Its own mark-read mutations are among them.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
        }
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => api.get<NotificationListResponse>('/notifications?limit=20'),
    staleTime: NOTIFICATIONS_POLL_MS,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<MarkReadResponse>(`/notifications/${encodeURIComponent(id)}/read`),
    // A failed one too: the bell shows what the server holds (a success refreshes through useNotifications).
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MarkReadResponse>('/notifications/read-all'),
    onError: (error) => {
      toast({ title: 'Error', description: error.message, variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}
