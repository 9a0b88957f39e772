/**
 * The leads' search index: entries written in the same transaction as the lead itself (the quote request's create,
 * functions/quotes/data/quotes.ts, and the leads store's create used by the seed). What a lead is found by (the
 * shopper's name, e-mail and phone) is typed once in the wizard and never changed by the inbox, so the entries are
 * written once and an inbox save (status, assignment) leaves them alone.
 *
 * Tokens, as the clients' search (functions/domain/clients/clients.ts): each word gives every prefix of 1 to LEAD_SEARCH_PREFIX_MAX
 * characters (search-words.ts `prefixTokens`); a phone gives its digits as one word (and its last 10), and its ends
 * (the last 4 and 7 digits, `phoneTails`) one listing each, first. A search word of up to LEAD_SEARCH_PREFIX_MAX
 * characters reads the listing of exactly its characters; a longer one its first LEAD_SEARCH_PREFIX_MAX, checked in
 * full against the entry's `text`.
 */
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { type leadSearchEntryEntity, type LeadSearchEntry } from './lead-search-entry';
import {
  lookupToken,
  phoneDigits,
  phoneEndTokens,
  phoneEndsFirstTokens,
  phoneTails,
  wordStartText,
  words,
  withoutPhoneEnds,
  type PrefixRule,
} from '@functions/lib/data/search-words';

export const LEAD_SEARCH_PREFIX_MAX = 6;
/** Bounds the entries (and transaction items) one lead can cost: docs/data-model.md, "Global search". */
export const LEAD_SEARCH_TOKENS_MAX = 32;
/** The leads' token rule (search-words.ts). */
export const LEAD_SEARCH_PREFIXES: PrefixRule = { shortest: 1, longest: LEAD_SEARCH_PREFIX_MAX, cap: LEAD_SEARCH_TOKENS_MAX };

export interface SearchedLead {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

type LeadContact = Pick<SearchedLead, 'firstName' | 'lastName' | 'email' | 'phone'>;

/** The words a lead is found by: the shopper's name, the e-mail's parts, the phone digits (the last 10, 7 and 4 of them). */
export function leadWords(lead: LeadContact): string[] {
  const digits = phoneDigits(lead.phone);
  return [
    ...words(lead.firstName),
    ...words(lead.lastName),
    ...words(lead.email),
    ...(digits ? [digits] : []),
    ...(digits.length > 10 ? [digits.slice(-10)] : []),
    ...phoneTails(digits),
  ];
}

/** The token a search word is looked up by: the word, or its first LEAD_SEARCH_PREFIX_MAX characters. */
export function leadSearchToken(word: string): string {
  return lookupToken(word, LEAD_SEARCH_PREFIXES) ?? word;
}

/**
 * The words of every prefix: the phone's digits first, so a long name and e-mail cannot push the phone out of the
 * listings. The phone's ends are listed apart (leadPhoneTailTokens).
 */
export function leadIndexedWords(lead: LeadContact): string[] {
  return withoutPhoneEnds(
    [...leadWords({ firstName: '', lastName: '', email: '', phone: lead.phone }), ...leadWords(lead)],
    lead.phone,
  );
}

/** The listings of a lead's phone's ends (the last 4 and 7 digits): one each, their lookup token. */
export const leadPhoneTailTokens = (lead: Pick<SearchedLead, 'phone'>) => phoneEndTokens(lead.phone, LEAD_SEARCH_PREFIXES);

/**
 * Every token listing a lead is in, at most LEAD_SEARCH_TOKENS_MAX: its phone's ends first, then every prefix of
 * leadIndexedWords' words.
 */
export function leadSearchTokens(lead: LeadContact): string[] {
  return phoneEndsFirstTokens(leadIndexedWords(lead), lead.phone, LEAD_SEARCH_PREFIXES);
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
