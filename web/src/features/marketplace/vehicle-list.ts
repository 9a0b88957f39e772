/**
 * Pure rules of the marketplace list (docs/decisions.md, "Marketplace screens"): the badges of a card and the grouping
 * by make. Tested without a browser; the components only render what these return.
 */
import { isLastOne } from '@shared/marketplace/rules';

export interface CardBadge {
  label: string;
  variant: 'neutral' | 'warning' | 'destructive' | 'success';
}

/** "Archived" when archived, "Last One!" at one unit on an active vehicle, and always "n available". */
export function vehicleBadges(vehicle: { availableStock: number; isArchived: boolean }): CardBadge[] {
  const badges: CardBadge[] = [];
  if (vehicle.isArchived) badges.push({ label: 'Archived', variant: 'neutral' });
  if (isLastOne(vehicle)) badges.push({ label: 'Last One!', variant: 'warning' });
  badges.push({ label: `${vehicle.availableStock} available`, variant: 'success' });
  return badges;
}

export interface MakeGroup<V> {
  make: string;
  /** Every vehicle of this make in the tab (from the API's counts), not only the loaded ones. */
  count: number;
  vehicles: V[];
}

/**
 * The loaded vehicles grouped by make, in the order the API sent them (make, then model). A group's count is the
 * API's count for that make when it knows one, so a group whose next page is not loaded yet still says how many
 * vehicles it has.
 */
export function groupByMake<V extends { make: string }>(
  vehicles: readonly V[],
  countOf: (make: string) => number | undefined = () => undefined,
): MakeGroup<V>[] {
  const groups = new Map<string, V[]>();
  for (const vehicle of vehicles) {
    const group = groups.get(vehicle.make);
    if (group) group.push(vehicle);
    else groups.set(vehicle.make, [vehicle]);
  }
  return [...groups].map(([make, list]) => ({ make, count: Math.max(countOf(make) ?? 0, list.length), vehicles: list }));
}

/** The one mileage formatter lives with the money and date ones; the marketplace screens import it from here. */
/**
 * The make filter's chips: one per make of the tab, told apart without regard to case (the index keys makes so), and
 * the selected make added only when no chip names it already (it has left the tab, say), so no make shows twice.
 */
export function makeChips(makes: readonly { make: string }[], selected: string | undefined): string[] {
  const chips: string[] = [];
  const seen = new Set<string>();
  for (const { make } of makes) {
    const key = make.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    chips.push(make);
  }
  if (selected !== undefined && !seen.has(selected.trim().toLowerCase())) chips.push(selected);
  return chips;
}

export { formatMileage } from '@shared/format';
