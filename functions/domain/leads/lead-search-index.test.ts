import { describe, expect, it } from 'vitest';
import {
  LEAD_SEARCH_TOKENS_MAX,
  leadSearchEntries,
  leadSearchPosition,
  leadSearchToken,
  leadSearchTokens,
  leadWords,
} from './lead-search-index';

const lead = {
  id: 'L1',
  createdAt: '2026-11-20T10:00:00.000Z',
  firstName: 'Maya',
  lastName: 'Okafor',
  email: 'maya.okafor@example.com',
  phone: '+1 (555) 010-2030',
};

describe('lead search index', () => {
  it('finds a lead by name, e-mail parts and phone digits (with the last 10, 7 and 4)', () => {
    expect(leadWords(lead)).toEqual([
      'maya',
      'okafor',
      'maya',
      'okafor',
      'example',
      'com',
      '15550102030',
      '5550102030',
      '2030',
      '0102030',
    ]);
  });

  it("lists the phone's last 4 and 7 first, then every prefix of 1 to 6 characters of every word, at most LEAD_SEARCH_TOKENS_MAX", () => {
    expect(leadSearchTokens(lead)).toEqual(
      ['2030', '010203'].concat(
        ['1', '15', '155', '1555', '15550', '155501', '5', '55', '555', '5550', '55501', '555010'],
        ['m', 'ma', 'may', 'maya', 'o', 'ok', 'oka', 'okaf', 'okafo', 'okafor'],
        // "com" would take 3 listings past the cap: left out whole (the text still holds it).
        ['e', 'ex', 'exa', 'exam', 'examp', 'exampl'],
      ),
    );
    expect(leadSearchTokens(lead)).toHaveLength(LEAD_SEARCH_TOKENS_MAX - 2);
  });

  it('keeps the phone when a long name and e-mail reach LEAD_SEARCH_TOKENS_MAX', () => {
    const long = { ...lead, firstName: 'Abcd Bcde Cdef Defg Efgh Fghi Ghij Hijk Ijkl', lastName: 'Jklm Klmn' };
    expect(leadSearchTokens(long)).toHaveLength(LEAD_SEARCH_TOKENS_MAX);
    expect(leadSearchTokens(long)).toEqual(expect.arrayContaining(['5', '55', '555', '5550', '55501', '555010']));
  });

  it('looks a search word up by itself, or its first 6 characters when longer', () => {
    expect(leadSearchToken('okafor')).toBe('okafor');
    expect(leadSearchToken('oka')).toBe('oka');
    expect(leadSearchToken('o')).toBe('o');
    expect(leadSearchToken('5550102030')).toBe('555010');
  });

  it('writes one entry per token, newest lead first, with the word-start text', () => {
    const entries = leadSearchEntries(lead);
    expect(entries).toHaveLength(leadSearchTokens(lead).length);
    expect(entries[0]).toMatchObject({
      token: '2030',
      leadId: 'L1',
      text: ' maya okafor maya okafor example com 15550102030 5550102030 2030 0102030 ',
    });
    const older = leadSearchPosition({ id: 'L0', createdAt: '2026-11-19T10:00:00.000Z' });
    expect(leadSearchPosition(lead) < older).toBe(true);
  });
});
