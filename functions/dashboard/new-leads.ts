/**
 * The dashboard's "New Leads" figure (docs/data-model.md, "Leads"), from the counters the leads store keeps on write:
 * admins count every new lead; a broker the new leads assigned to them or naming them as agent, plus the open
 * pool's (unassigned, naming nobody), which the pool never counts twice (functions/domain/leads/leads.ts, newLeadScopes). In own book
 * (docs/security.md, "Ownership") brokers have no open pool: only their own count.
 */
import type { Identity } from '@functions/lib/auth-context';
import type { DashboardData } from './data';
import { ALL_LEADS_SCOPE, POOL_LEADS_SCOPE, brokerLeadsScope } from '@functions/domain/counters/counters';

export async function newLeadsCount(
  identity: Identity,
  data: Pick<DashboardData, 'counters'>,
  book: { ownBook: boolean } = { ownBook: false },
): Promise<number | undefined> {
  if (identity.role === 'admin') return (await data.counters.get(ALL_LEADS_SCOPE)).newLeads;
  if (identity.role !== 'broker') return undefined;
  const scopes = book.ownBook ? [brokerLeadsScope(identity.userId)] : [brokerLeadsScope(identity.userId), POOL_LEADS_SCOPE];
  const counts = await data.counters.getMany(scopes);
  return [...counts.values()].reduce((sum, scope) => sum + scope.newLeads, 0);
}
