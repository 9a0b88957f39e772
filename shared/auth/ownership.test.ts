import { describe, expect, it } from 'vitest';
import { inBook, isOwnerOrAdmin } from './ownership';

describe('isOwnerOrAdmin', () => {
  it("lets the record's own broker act on it", () => {
    expect(isOwnerOrAdmin({ userId: 'b1', role: 'broker' }, 'b1')).toBe(true);
  });

  it('refuses another broker', () => {
    expect(isOwnerOrAdmin({ userId: 'b2', role: 'broker' }, 'b1')).toBe(false);
  });

  it('lets an admin act on any record, also one with no owner', () => {
    expect(isOwnerOrAdmin({ userId: 'a1', role: 'admin' }, 'b1')).toBe(true);
    expect(isOwnerOrAdmin({ userId: 'a1', role: 'admin' }, undefined)).toBe(true);
  });

  it('refuses a broker when the record names no owner (never "undefined equals undefined")', () => {
    expect(isOwnerOrAdmin({ userId: '', role: 'broker' }, '')).toBe(false);
    expect(isOwnerOrAdmin({ userId: 'b1', role: 'broker' }, null)).toBe(false);
  });

  it.each(['dealer', 'consumer'] as const)('refuses a %s even when the ids match', (role) => {
    expect(isOwnerOrAdmin({ userId: 'u1', role }, 'u1')).toBe(false);
  });
});

describe('inBook', () => {
  it('gives every broker every record in the shared book', () => {
    expect(inBook({ userId: 'b2', role: 'broker', ownBook: false }, 'b1')).toBe(true);
  });

  it('gives a broker only their own records in own book, never a record with no owner', () => {
    expect(inBook({ userId: 'b1', role: 'broker', ownBook: true }, 'b1')).toBe(true);
    expect(inBook({ userId: 'b2', role: 'broker', ownBook: true }, 'b1')).toBe(false);
    expect(inBook({ userId: '', role: 'broker', ownBook: true }, '')).toBe(false);
  });

  it('gives admins every record in both modes', () => {
    expect(inBook({ userId: 'a1', role: 'admin', ownBook: true }, 'b1')).toBe(true);
    expect(inBook({ userId: 'a1', role: 'admin', ownBook: false }, null)).toBe(true);
  });

  it.each(['dealer', 'consumer'] as const)('has no book for a %s', (role) => {
    expect(inBook({ userId: 'u1', role, ownBook: false }, 'u1')).toBe(false);
  });
});
