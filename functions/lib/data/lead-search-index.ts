/**
 * The leads' search index: entries written in the same transaction as the lead itself (the quote request's create,
 * functions/quotes/data/quotes.ts, and the leads store's create used by the seed). What a lead is found by (the
 * shopper's name, e-mail and phone) is typed once in the wizard and never changed by the inbox, so the entries are
 * written once and an inbox save (status, assignment) leaves them alone.
 *
 * Tokens, as the clients' search (stores/clients.ts): each word gives its first 1, 2 and SEARCH_PREFIX_MAX letters; a
 * phone gives its digits as one word (and its last 10). A search word is looked up by its longest token and then
 * checked in full against the entry's `text`.
 */
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { type leadSearchEntryEntity, type LeadSearchEntry } from './entities/lead-search-entry';
import { wordStartText, words } from './search-words';

export const LEAD_SEARCH_PREFIX_MAX = 4;
/** Bounds the entries (and transaction items) one lead can cost. */
export const LEAD_SEARCH_TOKENS_MAX = 24;

export interface SearchedLead {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The words a lead is found by: the shopper's name, the e-mail's parts, the phone digits (and the last 10 of them). */
export function leadWords(lead: Pick<SearchedLead, 'firstName' | 'lastName' | 'email' | 'phone'>): string[] {
  const digits = (lead.phone ?? '').replace(/\D/g, '');
  return [
    ...words(lead.firstName),
    ...words(lead.lastName),
    ...words(lead.email),
    ...(digits ? [digits] : []),
    ...(digits.length > 10 ? [digits.slice(-10)] : []),
  ];
}

/** The token a search word is looked up by: its first 1, 2 or LEAD_SEARCH_PREFIX_MAX letters. */
export function leadSearchToken(word: string): string {
  return word.slice(0, word.length >= LEAD_SEARCH_PREFIX_MAX ? LEAD_SEARCH_PREFIX_MAX : Math.min(word.length, 2));
}

/** The phone's digits come first, so a long name and e-mail cannot push the phone past LEAD_SEARCH_TOKENS_MAX. */
export function leadSearchTokens(lead: Pick<SearchedLead, 'firstName' | 'lastName' | 'email' | 'phone'>): string[] {
  const tokens = new Set<string>();
  const phoneWords = leadWords({ firstName: '', lastName: '', email: '', phone: lead.phone });
  for (const word of [...phoneWords, ...leadWords(lead)]) {
    tokens.add(word.slice(0, 1));
    if (word.length >= 2) tokens.add(word.slice(0, 2));
    if (word.length >= LEAD_SEARCH_PREFIX_MAX) tokens.add(word.slice(0, LEAD_SEARCH_PREFIX_MAX));
  }
  return [...tokens].slice(0, LEAD_SEARCH_TOKENS_MAX);
}

/** Each digit d becomes 9 - d: ISO times then sort newest first. */
const newestFirst = (isoTime: string) => isoTime.replace(/\d/g, (digit) => String(9 - Number(digit)));

export const leadSearchPosition = (lead: Pick<SearchedLead, 'id' | 'createdAt'>) => `${newestFirst(lead.createdAt)}\t${lead.id}`;

/** Every search entry of a lead: one per token. */
export function leadSearchEntries(lead: SearchedLead): LeadSearchEntry[] {
  const position = leadSearchPosition(lead);
  const text = wordStartText(leadWords(lead));
  return leadSearchTokens(lead).map((token) => ({ token, position, leadId: lead.id, text }));
}

/** The transaction items that index a new lead, for its create transaction. */
export function leadSearchOperations(
  entities: { readonly leadSearchEntry: ReturnType<typeof leadSearchEntryEntity> },
  lead: SearchedLead,
) {
  return leadSearchEntries(lead).map((entry) => entities.leadSearchEntry.build(PutTransaction).item(entry));
}
