import { describe, expect, it } from 'vitest';
import {
  clientSearchChanges,
  clientSearchEntries,
  clientSearchToken,
  clientSearchTokens,
  clientWords,
  SEARCH_TOKENS_MAX,
} from '@functions/domain/clients/client-search';
import { applyClientChanges, clientSearchPlan } from './clients';

const ann = { id: 'C1', fullName: 'Ann Lee', email: 'ann.lee@example.com', phone: '+13035550100', profileId: 'B1' };

describe('client search words and tokens', () => {
  it("are the name's words, the e-mail's parts and the phone's digits (also without the country code, and its last 4 and 7)", () => {
    expect(clientWords(ann)).toEqual([
      'ann',
      'lee',
      'ann',
      'lee',
      'example',
      'com',
      '13035550100',
      '3035550100',
      '0100',
      '5550100',
    ]);
  });

  it('are every prefix of 1 to 6 characters of each word, so a search of up to 6 reads only its own listing', () => {
    expect(clientSearchTokens({ fullName: 'Ann Leeward' })).toEqual([
      'a',
      'an',
      'ann',
      'l',
      'le',
      'lee',
      'leew',
      'leewa',
      'leewar',
    ]);
    expect(clientSearchToken('a')).toBe('a');
    expect(clientSearchToken('ann')).toBe('ann');
    expect(clientSearchToken('example')).toBe('exampl');
  });

  it('keep the phone (the global search finds clients by it) when a long name and e-mail fill the tokens', () => {
    const long = { fullName: 'Abcd Bcde Cdef Defg Efgh', email: 'fghi.ghij.hijk.ijkl.jklm@klmn.com', phone: '(303) 555-0100' };
    expect(clientSearchTokens(long)).toHaveLength(SEARCH_TOKENS_MAX);
    expect(clientSearchTokens(long)).toEqual(expect.arrayContaining(['3', '30', '303', '3035', '30355', '303555']));
  });

  it('put a client in the every-client listing and each token listing, sorted by name', () => {
    const entries = clientSearchEntries(ann);

    expect(entries[0]).toMatchObject({ token: '*', position: 'ann lee\tC1', clientId: 'C1' });
    expect(entries.map((entry) => entry.token)).toContain('3035');
  });

  it('move only what changed: a new phone adds and removes phone tokens, a rename moves every entry', () => {
    const phone = clientSearchChanges(ann, { ...ann, phone: undefined });
    expect(phone.remove.map((entry) => entry.token)).toEqual(expect.arrayContaining(['1', '13', '1303', '3', '30', '3035']));
    expect(phone.put.map((entry) => entry.token)).toContain('*');

    const rename = clientSearchChanges(ann, { ...ann, fullName: 'Ann Brown' });
    expect(rename.put.every((entry) => entry.position === 'ann brown\tC1')).toBe(true);
    expect(rename.remove.every((entry) => entry.position === 'ann lee\tC1')).toBe(true);
  });
});

describe('search plan', () => {
  it("reads the longest word's token and checks every word; no search reads every client", () => {
    expect(clientSearchPlan('Lee ann.lee@EXAMPLE')).toEqual({ token: 'exampl', words: ['lee', 'ann', 'example'] });
    expect(clientSearchPlan(undefined)).toEqual({ token: '*', words: [] });
  });
});

describe('applying changes', () => {
  it('keeps absent fields, sets given ones and clears blanks (null) and empty lists', () => {
    const client = { ...ann, notes: 'VIP', preferredMakes: ['BMW'], profileId: 'B1', createdAt: 'x' };

    expect(applyClientChanges(client, { phone: null, preferredMakes: [], notes: 'Call after 5' })).toEqual({
      id: 'C1',
      fullName: 'Ann Lee',
      email: 'ann.lee@example.com',
      notes: 'Call after 5',
      profileId: 'B1',
      createdAt: 'x',
    });
  });

  it('copies only the form fields: a body cannot set the creator, id or creation time', () => {
    const hostile = { fullName: 'Eve', profileId: 'someone-else', id: 'C9', createdAt: '1999' } as never;

    expect(applyClientChanges({ fullName: 'Ann', profileId: 'B1' }, hostile)).toEqual({ fullName: 'Eve', profileId: 'B1' });
  });
});
