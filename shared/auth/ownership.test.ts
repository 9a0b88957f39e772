import { describe, expect, it } from 'vitest';
import { isOwnerOrAdmin } from './ownership';

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
