import { describe, expect, it } from 'vitest';
import { DEAL_STATUSES } from '@shared/deals/enums';
import { CSV_BOM, parseCsv } from '@shared/transfers/csv';
import { importedClientId, importJobId } from './client-import';
import { dealExportStreams, dealPosition } from './data/deal-export';
import { clientRowOf, DEAL_CSV_HEADER, dealCsvValues, LEAD_CSV_HEADER, leadCsvValues } from './exports';
import type { Lead } from '@functions/domain/leads/leads';
import type { Client } from '@functions/domain/clients/clients';
import type { Deal } from '@functions/domain/deals/entities/deal';

describe('the deals export streams', () => {
  it("reads a broker's client deals and then their listings; an admin's, every status in turn", () => {
    expect(dealExportStreams('b1')).toEqual([
      { index: 'gsi2', partition: 'BROKER#b1' },
      { index: 'gsi2', partition: 'BROKER#b1#listings' },
    ]);
    expect(dealExportStreams(null).map((stream) => stream.partition)).toEqual(
      DEAL_STATUSES.map((status) => `DEAL#status#${status}`),
    );
    expect(dealPosition({ createdAt: '2026-01-02T00:00:00.000Z', id: 'd1' })).toBe('DEAL#2026-01-02T00:00:00.000Z#d1');
  });
});

describe('export rows', () => {
  it("writes a client's fields in the header's order, blanks empty and makes comma-separated", () => {
    const client = {
      id: 'c1',
      fullName: 'Ann Lee',
      email: 'ann@example.com',
      preferredMakes: ['Audi', 'BMW'],
      profileId: 'b1',
      createdAt: '',
    };
    expect(clientRowOf(client as Client)).toEqual(['Ann Lee', 'ann@example.com', null, null, null, null, 'Audi, BMW', null]);
  });

  it('writes every phone in one format, as people write it, however it was typed', () => {
    const base = { id: 'c1', fullName: 'Ann Lee', email: 'ann@example.com', profileId: 'b1', createdAt: '' };
    const typed = ['+14155550199', '4155550199', '415-555-0199', '1 (415) 555 0199'];
    const clientPhones = typed.map((phone) => clientRowOf({ ...base, phone } as Client)[2]);
    const leadPhones = typed.map((phone) => leadCsvValues({ id: 'l1', phone } as Lead)[5]);
    expect(new Set([...clientPhones, ...leadPhones])).toEqual(new Set(['(415) 555-0199']));
    expect(clientRowOf({ ...base, phone: '+442079460958' } as Client)[2]).toBe('+442079460958');
  });

  it('has one value per deal column, numbers as numbers', () => {
    const deal = {
      id: 'd1',
      year: 2026,
      make: 'Kia',
      model: 'EV6',
      dealType: 'lease',
      status: 'pending',
      monthlyPayment: 389.5,
      downPayment: 0,
      termMonths: 36,
      createdAt: 'x',
    };
    const values = dealCsvValues(deal as unknown as Deal);
    expect(values).toHaveLength(DEAL_CSV_HEADER.length);
    expect(values[10]).toBe(389.5);
    expect(LEAD_CSV_HEADER[0]).toBe('Lead id');
    expect(parseCsv(`${CSV_BOM}${DEAL_CSV_HEADER.join(',')}\r\n`)[0]).toEqual(DEAL_CSV_HEADER);
  });
});

describe('import ids', () => {
  it('derives the same job for the same importer and rows, another for anyone or anything else', () => {
    const hash = 'a'.repeat(64);
    expect(importJobId('u1', hash)).toBe(importJobId('u1', hash));
    expect(importJobId('u1', hash)).not.toBe(importJobId('u2', hash));
    expect(importJobId('u1', hash)).not.toBe(importJobId('u1', 'b'.repeat(64)));
    expect(importJobId('u1', hash)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("names a row's client by its job and row, within the client id rules", () => {
    expect(importedClientId('abc', 7)).toBe('imp-abc-7');
    expect(importedClientId(importJobId('u1', 'a'.repeat(64)), 9999)).toMatch(/^[A-Za-z0-9-]{1,128}$/);
  });
});
