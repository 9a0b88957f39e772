/**
 * What the global search may show each caller: ONE function per kind, each answering where that kind is read
 * (every record's token index, one dealership's listing, or nothing) and which records read there the caller may
 * open. The search reads through these only, so a change of who sees what (e.g. a company mode where brokers see
 * only their own book) is a change of the kind's function here, and of the record rules they delegate to
 * (`canSeeDeal`, `canSeeLead`), nothing else.
 *
 * - Clients: admins every client; brokers every client in the shared book, their own (`profileId`) in own book, as
 *   GET /clients; dealers none. Deals and leads follow own book through `canSeeDeal` and `canSeeLead`.
 * - Deals: `canSeeDeal` (admins and brokers every deal; dealers their dealership's, read from its own listing).
 * - Leads: `canSeeLead` (admins every lead; licensed brokers those assigned to them, naming them, or in the open
 *   pool, as the inbox; GET /leads needs a licensed broker, so an unlicensed one gets no leads); dealers none.
 * - Vehicles: the marketplace's active tab; dealers their dealership's vehicles only.
 * Consumers and brokers waiting for approval never get here: the route refuses them (403).
 */
import type { Identity } from '@functions/lib/auth-context';
import type { Deal } from '@functions/domain/deals/deals';
import { canSeeDeal } from '@functions/domain/deals/visibility';
import type { Client } from '@functions/domain/clients/clients';
import type { Lead } from '@functions/domain/leads/leads';
import { canSeeLead } from '@shared/leads/rules';

/** Who is searching, with what the table says about them (read on the request, so a change applies at once). */
export interface Searcher {
  userId: string;
  role: Identity['role'];
  /** Dealers only; null for a dealer account with no dealership (it sees nothing). */
  dealershipId: string | null;
  /** Brokers only: approved and licensed (the leads inbox is theirs). */
  licensed: boolean;
  /** Brokers only: the company keeps own books (docs/security.md, "Ownership"): they find only their own records. */
  ownBook: boolean;
}

/** Where a kind is read for a searcher, and which of the records read there they may open. */
export type SearchScope<R> =
  | { read: 'nothing' }
  /** Every record's token index (the whole book). */
  | { read: 'everyone'; mayOpen: (record: R) => boolean }
  /** One dealership's own listing, searched by its text: a dealer never reads another dealership's entries. */
  | { read: 'dealership'; dealershipId: string; mayOpen: (record: R) => boolean };

const NOTHING = { read: 'nothing' } as const;

// Each rule sees the whole record read, so a new rule may use any of its attributes (a client's `profileId`, a
// deal's `brokerId`).
type ClientFacts = Client;
type DealFacts = Deal;
type LeadFacts = Lead;
/** A marketplace vehicle is a deal listed in the marketplace. */
type VehicleFacts = Deal;

export function clientSearchScope(searcher: Searcher): SearchScope<ClientFacts> {
  if (searcher.role === 'admin') return { read: 'everyone', mayOpen: () => true };
  if (searcher.role === 'broker') {
    return { read: 'everyone', mayOpen: (client) => !searcher.ownBook || client.profileId === searcher.userId };
  }
  return NOTHING;
}

export function dealSearchScope(searcher: Searcher): SearchScope<DealFacts> {
  const mayOpen = (deal: DealFacts) => canSeeDeal(searcher, deal);
  if (searcher.role === 'admin' || searcher.role === 'broker') return { read: 'everyone', mayOpen };
  if (searcher.role === 'dealer' && searcher.dealershipId) {
    return { read: 'dealership', dealershipId: searcher.dealershipId, mayOpen };
  }
  return NOTHING;
}

export function leadSearchScope(searcher: Searcher): SearchScope<LeadFacts> {
  if (searcher.role === 'admin' || (searcher.role === 'broker' && searcher.licensed)) {
    return { read: 'everyone', mayOpen: (lead) => canSeeLead(searcher, lead) };
  }
  return NOTHING;
}

export function vehicleSearchScope(searcher: Searcher): SearchScope<VehicleFacts> {
  if (searcher.role === 'admin' || searcher.role === 'broker')
    return { read: 'everyone', mayOpen: (vehicle) => !vehicle.isArchived };
  if (searcher.role === 'dealer' && searcher.dealershipId) {
    const dealershipId = searcher.dealershipId;
    return {
      read: 'dealership',
      dealershipId,
      mayOpen: (vehicle) => !vehicle.isArchived && vehicle.dealershipId === dealershipId,
    };
  }
  return NOTHING;
}
