/**
 * Pure rules of the deals screens (the deals list and archived deals; docs/decisions.md, "Deals list"): the status
 * badge of a card, the grouping by client name, the group header's count, and the remembered tile/list choice. Tested
 * without a browser; the components only render what these return.
 */
import { DEAL_STATUS_LABELS, type DealStatus } from '@shared/deals/enums';
import { UNASSIGNED_GROUP_KEY, UNASSIGNED_GROUP_NAME } from '@shared/deals/list-api';
import type { BadgeVariant } from '@web/components/ui/badge';

export interface StatusBadge {
  label: string;
  variant: BadgeVariant;
}

/** Each listed status has its own look; the others (seen on a deal's page and the archive) reuse the nearest. */
const STATUS_VARIANTS: Record<DealStatus, BadgeVariant> = {
  available: 'success',
  pending: 'warning',
  active: 'primary',
  closed: 'neutral',
  finalized: 'primary',
  expired: 'destructive',
  not_sold: 'destructive',
};

export function statusBadge(status: DealStatus): StatusBadge {
  return { label: DEAL_STATUS_LABELS[status], variant: STATUS_VARIANTS[status] };
}

/** "1 Deal", "2 Deals". */
export function dealCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'Deal' : 'Deals'}`;
}

export interface ClientGroup<D> {
  /** The client's id, or "unassigned": two clients who share a name are two groups. */
  key: string;
  /** The client's name, or "Unassigned". */
  name: string;
  count: number;
  deals: D[];
}

/**
 * The loaded deals grouped by client, in the order the API sent them (by client name, "Unassigned" last). A group's
 * count is the API's exact count for that group under the current filters when it gives one, so a group whose next
 * page is not loaded yet still says how many deals it has.
 */
export function groupByClient<D extends { clientId: string | null; clientName: string | null }>(
  deals: readonly D[],
  countOf: (key: string) => number | undefined = () => undefined,
): ClientGroup<D>[] {
  const groups = new Map<string, ClientGroup<D>>();
  for (const deal of deals) {
    const key = deal.clientId ?? UNASSIGNED_GROUP_KEY;
    const group = groups.get(key);
    if (group) group.deals.push(deal);
    else groups.set(key, { key, name: deal.clientName?.trim() || UNASSIGNED_GROUP_NAME, count: 0, deals: [deal] });
  }
  return [...groups.values()].map((group) => ({ ...group, count: Math.max(countOf(group.key) ?? 0, group.deals.length) }));
}

// Tile or list view, remembered in the browser.

export const DEALS_VIEWS = ['tile', 'list'] as const;
export type DealsView = (typeof DEALS_VIEWS)[number];
export const DEALS_VIEW_STORAGE_KEY = 'leasedesk.deals.view';

/** The stored choice, or tile (the default) for nothing stored or anything unexpected. */
export function parseDealsView(stored: string | null | undefined): DealsView {
  return (DEALS_VIEWS as readonly string[]).includes(stored ?? '') ? (stored as DealsView) : 'tile';
}
