/**
 * The tasks routes for the web (shared/tasks/api.ts): lists, a record's tasks, one task, create, edit, status
 * changes and the caller's task settings. Every change (and every refused one: a 409 means the lists are stale)
 * refreshes the task lists and the dashboard (My day).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTaskInput,
  RecordTasksResponse,
  TaskItem,
  TaskListQuery,
  TaskListResponse,
  TaskResponse,
  TaskSettings,
  UpdateTaskInput,
  UpdateTaskSettings,
} from '@shared/tasks/api';
import type { TaskLinkKind, TaskStatus } from '@shared/tasks/enums';
import { api, isApiError } from '@web/lib/api-client';

/** A change refused because the task changed since it was read (PATCH or status with a stale revision). */
export function isStaleTask(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/** One task as it is now (the edit dialog reads it again after a 409). */
export function fetchTask(id: string): Promise<TaskResponse> {
  return api.get<TaskResponse>(`/tasks/${encodeURIComponent(id)}`);
}

/** The browser's IANA time zone (the default of the profile's select, and of a task when none is saved). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TaskListQuery) => [...taskKeys.all, 'list', query] as const,
  ofRecord: (kind: TaskLinkKind, id: string) => [...taskKeys.all, 'of', kind, id] as const,
  settings: () => ['task-settings'] as const,
};

export function useTasks(query: TaskListQuery) {
  return useQuery({
    queryKey: taskKeys.list(query),
    queryFn: () => {
      const params = new URLSearchParams(
        Object.entries({ ...query, timeZone: browserTimeZone() }).filter((entry): entry is [string, string] => !!entry[1]),
      );
      return api.get<TaskListResponse>(`/tasks?${params.toString()}`);
    },
  });
}

/** A record's open tasks; not fetched when the record's own read brought them (`enabled` false). */
export function useRecordTasks(kind: TaskLinkKind, id: string, enabled = true) {
  return useQuery({
    queryKey: taskKeys.ofRecord(kind, id),
    queryFn: () => api.get<RecordTasksResponse>(`/tasks/of/${kind}/${encodeURIComponent(id)}`),
    enabled,
  });
}

export function useTaskSettings(enabled = true) {
  return useQuery({ queryKey: taskKeys.settings(), queryFn: () => api.get<TaskSettings>('/task-settings'), enabled });
}

/**
 * The zone task lists show dues in: the broker's saved one (the edit dialog's), the browser's until it is read. Read
 * once a session (a save puts the new settings in place), not by every screen that lists tasks.
 */
export function useViewerTimeZone(): string {
  const settings = useQuery({
    queryKey: taskKeys.settings(),
    queryFn: () => api.get<TaskSettings>('/task-settings'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return settings.data?.timeZone ?? browserTimeZone();
}

/** After any change: the lists, the record panels and My day read again. */
function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      // The deal page's read carries the deal's open tasks (GET /deals/{id}).
      queryClient.invalidateQueries({ queryKey: ['deals', 'detail'] }),
    ]);
}

export function useCreateTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (body: CreateTaskInput) => api.post<TaskResponse>('/tasks', body),
    onSuccess: () => refresh(),
  });
}

/** Edits a task (the body carries the revision read; stale: 409). */
export function useUpdateTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTaskInput }) =>
      api.patch<TaskResponse>(`/tasks/${encodeURIComponent(id)}`, body),
    onSettled: () => refresh(),
  });
}

export function useChangeTaskStatus() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: ({ task, status }: { task: TaskItem; status: TaskStatus }) =>
      api.post<TaskResponse>(`/tasks/${encodeURIComponent(task.id)}/status`, { status, revision: task.revision }),
    onSettled: () => refresh(),
  });
}

export function useUpdateTaskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTaskSettings) => api.put<TaskSettings>('/task-settings', body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(taskKeys.settings(), saved);
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
