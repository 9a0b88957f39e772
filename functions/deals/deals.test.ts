import { describe, expect, it } from 'vitest';
import { decodeArchiveCursor, encodeArchiveCursor } from './archived';
import { linkState } from '@shared/credit-applications/rules';
import { newCreditApplicationToken } from '@functions/domain/deals/credit-application-links';
import { canEditDeal, canSeeDeal } from '@functions/domain/deals/visibility';
import { fullDeal, sparseDeal } from '@functions/domain/deals/test-deals';
import { dealResponseSchema } from '@shared/deals/api';
import { toDealView } from './deals';

const NOW = new Date('2026-05-01T12:00:00.000Z');

describe('credit application links', () => {
  it('are 128 random bits, URL-safe', () => {
    const tokens = new Set(Array.from({ length: 50 }, newCreditApplicationToken));

    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(16);
  });

  it('read as expired once past their date, and keep any other state', () => {
    expect(linkState({ status: 'valid', validUntil: '2026-05-01T12:00:01.000Z' }, NOW)).toBe('valid');
    expect(linkState({ status: 'valid', validUntil: '2026-05-01T12:00:00.000Z' }, NOW)).toBe('expired');
    expect(linkState({ status: 'completed', validUntil: '2020-01-01T00:00:00.000Z' }, NOW)).toBe('completed');
  });
});

describe('who sees and edits a deal', () => {
  it('shows admins and brokers every deal in the shared book, dealers only their dealership’s', () => {
    const as = (role: 'admin' | 'broker' | 'dealer' | 'consumer', dealershipId: string | null, ownBook = false) => ({
      userId: 'B1',
      role,
      dealershipId,
      ownBook,
    });
    expect(canSeeDeal(as('broker', null), { dealershipId: 'x', brokerId: 'B2' })).toBe(true);
    expect(canSeeDeal(as('dealer', 'x'), { dealershipId: 'x', brokerId: 'B2' })).toBe(true);
    expect(canSeeDeal(as('dealer', 'x'), { dealershipId: 'y', brokerId: 'B2' })).toBe(false);
    expect(canSeeDeal(as('dealer', null), { dealershipId: undefined, brokerId: 'B2' })).toBe(false);
    expect(canSeeDeal(as('consumer', null), { dealershipId: 'x', brokerId: 'B2' })).toBe(false);
  });

  it('shows a broker in own book their own deals only, admins and dealers as before', () => {
    const broker = { userId: 'B1', role: 'broker' as const, dealershipId: null, ownBook: true };
    expect(canSeeDeal(broker, { dealershipId: 'x', brokerId: 'B1' })).toBe(true);
    expect(canSeeDeal(broker, { dealershipId: 'x', brokerId: 'B2' })).toBe(false);
    expect(canSeeDeal({ ...broker, role: 'admin' }, { dealershipId: 'x', brokerId: 'B2' })).toBe(true);
    expect(canSeeDeal({ ...broker, role: 'dealer', dealershipId: 'x' }, { dealershipId: 'x', brokerId: 'B2' })).toBe(true);
  });

  it('offers editing to admins always, to others while the deal is not closed and they may write', () => {
    expect(canEditDeal({ role: 'admin', mayWrite: true }, { status: 'closed' })).toBe(true);
    expect(canEditDeal({ role: 'broker', mayWrite: true }, { status: 'closed' })).toBe(false);
    expect(canEditDeal({ role: 'broker', mayWrite: false }, { status: 'active' })).toBe(false);
    expect(canEditDeal({ role: 'dealer', mayWrite: true }, { status: 'active' })).toBe(true);
  });
});

describe('the archive cursor', () => {
  it('round-trips a position', () => {
    const cursor = { expirationDate: '2026-03-01', id: '01ABC' };

    expect(decodeArchiveCursor(encodeArchiveCursor(cursor))).toEqual(cursor);
  });

  it.each(['', 'bm9wZQ', Buffer.from('["2026-03-01"]').toString('base64url'), Buffer.from('["x","#"]').toString('base64url')])(
    'refuses %j with a 400',
    (cursor) => {
      expect(() => decodeArchiveCursor(cursor)).toThrow('Invalid cursor');
    },
  );
});

describe('toDealView', () => {
  it('answers every field of the deal response, the broker-only ones included', () => {
    const view = toDealView(fullDeal());

    expect(Object.keys(view).sort()).toEqual(Object.keys(dealResponseSchema.shape).sort());
    expect(view).toMatchObject({ brokerFeeTotal: 900, brokerCommissionAmount: 270, tradeInLienholder: 'Bank', revision: 3 });
  });

  it('answers absent fields as null, and no fees, stock or lienholder as their defaults', () => {
    expect(toDealView(sparseDeal())).toMatchObject({
      clientId: null,
      availableStock: null,
      brokerFeeTotal: 0,
      tradeInHasLienholder: false,
      conciergeFee: 0,
    });
  });
});
