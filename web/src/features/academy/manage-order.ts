/** The manage view's move up / move down: the ids of an item's category in their new order, for POST /admin/academy-order. */
export function moveWithinCategory(
  items: readonly { id: string; category: string }[],
  id: string,
  direction: -1 | 1,
): string[] | undefined {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) return undefined;
  const ids = items.filter((candidate) => candidate.category === item.category).map((candidate) => candidate.id);
  const from = ids.indexOf(id);
  const to = from + direction;
  if (to < 0 || to >= ids.length) return undefined;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
