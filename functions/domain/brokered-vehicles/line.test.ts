import { describe, expect, it } from 'vitest';
import { lineFactsOf, lineToWrite, type LogFacts } from './line';

const deal = (overrides: Partial<LogFacts> = {}): LogFacts => ({
  id: 'd1',
  brokerId: 'ann',
  status: 'pending',
  clientDeal: true,
  clientId: 'c1',
  clientName: 'Jo Client',
  vin: '1HGCM82633A004352',
  dealershipId: 'dl1',
  year: 2026,
  make: 'Toyota',
  model: 'RAV4',
  brokerFeeDealer: 500,
  brokerFeeClient: 250.1,
  ...overrides,
});
const closed = (overrides: Partial<LogFacts> = {}) =>
  deal({ status: 'closed', dealClosedAt: '2026-04-02T09:00:00.000Z', ...overrides });

describe('the brokered-vehicle line of a deal', () => {
  it('records a closed client deal: closing time, client, VIN, vehicle, dealership, fees in cents and broker', () => {
    expect(lineFactsOf(closed())).toEqual({
      dealId: 'd1',
      closedAt: '2026-04-02T09:00:00.000Z',
      brokerId: 'ann',
      clientId: 'c1',
      clientName: 'Jo Client',
      vin: '1HGCM82633A004352',
      vehicle: '2026 Toyota RAV4',
      dealershipId: 'dl1',
      feeCents: 75010,
    });
  });

  it('leaves out what the deal does not have (no VIN, no dealership, no client)', () => {
    expect(lineFactsOf(closed({ vin: null, dealershipId: undefined, clientId: null, clientName: null }))).toEqual({
      dealId: 'd1',
      closedAt: '2026-04-02T09:00:00.000Z',
      brokerId: 'ann',
      vehicle: '2026 Toyota RAV4',
      feeCents: 75010,
    });
  });

  it('is none for a deal not closed, a closed listing, or a closed deal without a close date', () => {
    expect(lineFactsOf(deal())).toBeNull();
    expect(lineFactsOf(closed({ clientDeal: false }))).toBeNull();
    expect(lineFactsOf(closed({ dealClosedAt: null }))).toBeNull();
    expect(lineFactsOf(undefined)).toBeNull();
  });
});

describe('what a deal write logs', () => {
  it('logs the close of a deal (and a deal created closed)', () => {
    expect(lineToWrite(deal(), closed())).toMatchObject({ dealId: 'd1', closedAt: '2026-04-02T09:00:00.000Z' });
    expect(lineToWrite(undefined, closed())).toMatchObject({ dealId: 'd1' });
  });

  it('writes nothing while the deal is not closed, and nothing when it leaves closed (the line stays)', () => {
    expect(lineToWrite(deal(), deal({ status: 'active' }))).toBeNull();
    expect(lineToWrite(closed(), deal({ status: 'active' }))).toBeNull();
    expect(lineToWrite(closed(), undefined)).toBeNull();
  });

  it('writes nothing for a write of a closed deal that changes nothing the log shows (notes, archiving)', () => {
    expect(lineToWrite(closed(), closed({ status: 'closed' }))).toBeNull();
  });

  it('rewrites the line with the new facts on a re-close after reopening, or an edit of what the log shows', () => {
    expect(lineToWrite(deal({ status: 'active' }), closed({ dealClosedAt: '2026-05-01T10:00:00.000Z' }))).toMatchObject({
      closedAt: '2026-05-01T10:00:00.000Z',
    });
    expect(lineToWrite(closed(), closed({ brokerFeeClient: 300 }))).toMatchObject({ feeCents: 80000 });
    expect(lineToWrite(closed(), closed({ vin: '2T3W1RFV8MW000001' }))).toMatchObject({ vin: '2T3W1RFV8MW000001' });
    expect(lineToWrite(closed(), closed({ brokerId: 'bob' }))).toMatchObject({ brokerId: 'bob' });
    expect(lineToWrite(closed(), closed({ dealershipId: 'dl2' }))).toMatchObject({ dealershipId: 'dl2' });
    expect(lineToWrite(closed(), closed({ clientName: 'Jo Renamed' }))).toMatchObject({ clientName: 'Jo Renamed' });
  });
});
