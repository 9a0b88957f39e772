/**
 * How clients are found (docs/data-model.md, "Global search"): the words of a client's name, e-mail and phone, the
 * search tokens they give (CLIENT_SEARCH_PREFIXES, search-words.ts `prefixTokens`: every prefix of 1 to
 * SEARCH_PREFIX_MAX characters, the phone's ends first) and the search entries the store writes for them, each sorted
 * by name. Pure: the store (./clients.ts) puts and deletes the entries in the client's own transaction.
 */
import { sortable } from '@functions/lib/data/keys';
import {
  lookupToken,
  phoneDigits,
  phoneEndTokens,
  phoneEndsFirstTokens,
  phoneTails,
  withoutPhoneEnds,
  wordStartText,
  words,
  type PrefixRule,
} from '@functions/lib/data/search-words';
import type { Client } from './client';
import type { ClientSearchEntry } from './client-search-entry';

export const ALL_CLIENTS_TOKEN = '*';
/** The listing of one owner's clients (never a search token: those are letters and digits only). */
export const ownerToken = (profileId: string) => `owner#${profileId}`;
/** The counter scope of one owner's clients. */
export const ownerClientsScope = (profileId: string) => `clients#owner#${profileId}`;
export const SEARCH_PREFIX_MAX = 6;
/** Bounds the entries (and transaction items) one client can cost: docs/data-model.md, "Global search". */
export const SEARCH_TOKENS_MAX = 32;
/** The clients' token rule (search-words.ts). */
export const CLIENT_SEARCH_PREFIXES: PrefixRule = { shortest: 1, longest: SEARCH_PREFIX_MAX, cap: SEARCH_TOKENS_MAX };

export type SearchFacts = Pick<Client, 'id' | 'fullName' | 'email' | 'phone' | 'profileId'>;

/** The words a client is found by: its name, its e-mail's parts, its phone digits (the last 10, 7 and 4 of them). */
export function clientWords(client: Pick<Client, 'fullName' | 'email' | 'phone'>): string[] {
  const digits = phoneDigits(client.phone);
  return [
    ...words(client.fullName),
    ...words(client.email),
    ...(digits ? [digits] : []),
    ...(digits.length > 10 ? [digits.slice(-10)] : []),
    ...phoneTails(digits),
  ];
}

/** The token a search word is looked up by: the word, or its first SEARCH_PREFIX_MAX characters. */
export function clientSearchToken(word: string): string {
  return lookupToken(word, CLIENT_SEARCH_PREFIXES) ?? word;
}

/**
 * The words of every prefix, in priority order: the phone's digits first, then the name, then the e-mail: a long
 * name and e-mail never push the phone out. The phone's ends are listed apart (clientPhoneTailTokens).
 */
export function clientIndexedWords(client: Pick<Client, 'fullName' | 'email' | 'phone'>): string[] {
  return withoutPhoneEnds([...clientWords({ fullName: '', phone: client.phone }), ...clientWords(client)], client.phone);
}

/** The listings of a client's phone's ends (search-words.ts `PHONE_TAILS`): one each, their lookup token. */
export const clientPhoneTailTokens = (client: Pick<Client, 'phone'>) => phoneEndTokens(client.phone, CLIENT_SEARCH_PREFIXES);

/**
 * Every token listing a client is in, at most SEARCH_TOKENS_MAX: its phone's ends first, then every prefix of
 * clientIndexedWords' words (search-words.ts `prefixTokens`).
 */
export function clientSearchTokens(client: Pick<Client, 'fullName' | 'email' | 'phone'>): string[] {
  return phoneEndsFirstTokens(clientIndexedWords(client), client.phone, CLIENT_SEARCH_PREFIXES);
}

export const clientPosition = (client: Pick<Client, 'id' | 'fullName'>) => `${sortable(client.fullName)}\t${client.id}`;

/** Every search entry of a client: the "every client" listing, its owner's listing and one per token. */
export function clientSearchEntries(client: SearchFacts): ClientSearchEntry[] {
  const position = clientPosition(client);
  const text = wordStartText(clientWords(client));
  return [ALL_CLIENTS_TOKEN, ownerToken(client.profileId), ...clientSearchTokens(client)].map((token) => ({
    token,
    position,
    clientId: client.id,
    text,
  }));
}

const entryId = (entry: Pick<ClientSearchEntry, 'token' | 'position'>) => `${entry.token}\n${entry.position}`;

/** Entries to put (new or changed) and to delete (gone). */
export function clientSearchChanges(before: SearchFacts | undefined, after: SearchFacts | undefined) {
  const old = new Map((before ? clientSearchEntries(before) : []).map((entry) => [entryId(entry), entry]));
  const next = after ? clientSearchEntries(after) : [];
  const nextIds = new Set(next.map(entryId));
  return {
    put: next.filter((entry) => old.get(entryId(entry))?.text !== entry.text),
    remove: [...old.values()].filter((entry) => !nextIds.has(entryId(entry))),
  };
}
