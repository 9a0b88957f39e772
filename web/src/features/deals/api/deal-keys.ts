/**
 * The query keys of the deals feature, in one place so every mutation (delete here, create and edit in the form)
 * invalidates exactly what it changes: the lists, the archive, and the one deal.
 */
export const dealKeys = {
  all: ['deals'] as const,
  lists: () => [...dealKeys.all, 'list'] as const,
  archived: () => [...dealKeys.all, 'archived'] as const,
  maturing: () => [...dealKeys.all, 'maturing'] as const,
  detail: (id: string) => [...dealKeys.all, 'detail', id] as const,
};

/** Other features' figures a deal change moves: dashboard counts, a client's past purchases, pending-deal counts. */
export const DEAL_DEPENDENT_KEYS = [['dashboard'], ['clients'], ['marketplace']] as const;
