/**
 * The deals feature's query keys as the form uses them: the same keys as the deals screens (lists, detail), so a
 * save here refreshes what they show, and the other features' figures a deal moves.
 */
export const dealKeys = {
  all: ['deals'] as const,
  lists: () => [...dealKeys.all, 'list'] as const,
  detail: (id: string) => [...dealKeys.all, 'detail', id] as const,
};

/** Dashboard counts, a client's past purchases, a marketplace vehicle's pending-deal count. */
export const DEAL_DEPENDENT_KEYS = [['dashboard'], ['clients'], ['marketplace']] as const;
