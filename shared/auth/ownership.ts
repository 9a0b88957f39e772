/**
 * Who acts on a record in its owner's name (docs/security.md, "Ownership"). By default brokers share one book: every
 * approved broker reads every client and deal. A company may choose own book instead (the admins' setting): each
 * broker then reads and changes only the clients and deals they own (`inBook`), and another's is a 404. Acts that speak for the record's broker to the client (sending the client a
 * portal invitation, replacing a deal's credit application link) are the owner's or an admin's only:
 * - a deal's owner is its broker (`deal.brokerId`);
 * - a client's owner is the broker who created the client (`client.profileId`, the creator), the broker the
 *   portal's "My Broker" falls back to. A client has no other broker field.
 *
 * Refusals follow the API's rule for records: a record the caller cannot read is a 404 (as an unknown id); a record
 * the caller reads but is not theirs to act on is a 403. Brokers read the whole book, so another broker gets 403.
 */
import type { Role } from './roles';

export interface Actor {
  userId: string;
  role: Role;
}

/** Pure: whether `actor` is the record's owner (its broker) or an admin. */
export function isOwnerOrAdmin(actor: Actor, ownerId: string | null | undefined): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'broker' && !!ownerId && ownerId === actor.userId;
}

/**
 * Pure: whether a staff caller's book holds a record owned by `ownerId`: admins always; brokers in the shared book
 * always, in own book only their own. Dealers and consumers have their own rules (not a book).
 */
export function inBook(actor: Actor & { ownBook: boolean }, ownerId: string | null | undefined): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role !== 'broker') return false;
  return !actor.ownBook || (!!ownerId && ownerId === actor.userId);
}

/** 403 for a broker who reads the client but did not create it. */
export const CLIENT_NOT_YOURS_MESSAGE = "Only the client's broker or an admin can do this";
/** 403 for a broker who reads the deal but is not its broker. */
export const DEAL_NOT_YOURS_MESSAGE = "Only the deal's broker or an admin can do this";
