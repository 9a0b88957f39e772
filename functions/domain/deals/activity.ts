/**
 * The activity trail (docs/data-model.md, "Deal activity and credit application links"): which recorded fields a save
 * changed, before and after. Pure; the service looks up the names of the broker, client and dealership, which the trail
 * records instead of ids (a reader wants "Jane Doe", and the name as it was then).
 */
import { ulid } from 'ulid';
import { DEAL_ACTIVITY_FIELDS, type DealActivityKind } from '@shared/deals/activity';
import type { DealActivity, DealActivityChange } from '@shared/deals/api';
import type { DealActivityItem } from './entities/deal-activity';
import type { Deal, DealActivityEntry } from './deals';

export type ActivityValue = DealActivityChange['before'];

/** The names the trail records for the deal's references, before and after the save. */
export interface ReferenceNames {
  brokerId?: { before: string | null; after: string | null };
  clientId?: { before: string | null; after: string | null };
  dealershipId?: { before: string | null; after: string | null };
}

export const REFERENCE_FIELDS = ['brokerId', 'clientId', 'dealershipId'] as const satisfies readonly (keyof ReferenceNames)[];

/** The expiry job's actor. */
export const SYSTEM_ACTOR = { id: null, name: 'System' } as const;

const recorded = (value: unknown): ActivityValue =>
  value === undefined || value === null ? null : (value as Exclude<ActivityValue, null>);

/** Each recorded field whose value differs between `before` (absent for a create) and `after`, in a fixed order. */
export function changedFields(
  before: Partial<Deal> | undefined,
  after: Partial<Deal>,
  names: ReferenceNames = {},
): DealActivityChange[] {
  const changes: DealActivityChange[] = [];
  for (const field of DEAL_ACTIVITY_FIELDS) {
    const was = recorded(before?.[field]);
    const is = recorded(after[field]);
    if (was === is) continue;
    const reference = (names as Record<string, { before: string | null; after: string | null } | undefined>)[field];
    changes.push(
      reference ? { field, before: before ? reference.before : null, after: reference.after } : { field, before: was, after: is },
    );
  }
  return changes;
}

/** The entry to write with the deal, or undefined when nothing recorded changed (an edit of the notes only). */
export function activityEntry(input: {
  kind: DealActivityKind;
  actor: { id: string | null; name: string };
  changes: DealActivityChange[];
  now: Date;
}): DealActivityEntry | undefined {
  if (input.kind === 'updated' && input.changes.length === 0) return undefined;
  return {
    id: ulid(input.now.getTime()),
    kind: input.kind,
    at: input.now.toISOString(),
    actorId: input.actor.id ?? undefined,
    actorName: input.actor.name,
    changes: input.changes,
  };
}

/** An entry as answered. */
export function toActivityView(item: DealActivityItem): DealActivity {
  return {
    id: item.id,
    kind: item.kind,
    at: item.at,
    actor: { id: item.actorId ?? null, name: item.actorName },
    changes: item.changes as DealActivityChange[],
  };
}
