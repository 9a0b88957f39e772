import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../auth/roles';
import { DEAL_STATUSES, NOT_READY_TO_PURCHASE, type DealStatus } from './enums';
import {
  ONLY_ADMINS_CAN_CLOSE_MESSAGE,
  PERMISSION_DENIED_TITLE,
  STATUS_NOT_ALLOWED_MESSAGE,
  aprFromMoneyFactor,
  brokerIdForNewDeal,
  canReferFriends,
  canSaveStatus,
  canSetStatus,
  conciergeFeeToSave,
  effectiveApr,
  isConciergeFeePayable,
  isPastPurchase,
  isValidConciergeFee,
  notSoldFieldsToSave,
  showsCreditApplication,
  statusDeniedMessage,
  statusForNewDeal,
  statusesSelectableBy,
  totalBrokerFee,
} from './rules';

describe('statusesSelectableBy', () => {
  it('offers everyone available, pending and active; brokers also not sold', () => {
    expect(statusesSelectableBy('broker')).toEqual([
      { value: 'available', label: 'Available' },
      { value: 'pending', label: 'Pending' },
      { value: 'active', label: 'Active' },
      { value: 'not_sold', label: 'Not Sold' },
    ]);
    expect(statusesSelectableBy('dealer').map((option) => option.value)).toEqual(['available', 'pending', 'active']);
  });

  it('gives admins finalized and closed as well, with their explanatory labels', () => {
    expect(statusesSelectableBy('admin')).toEqual([
      { value: 'available', label: 'Available' },
      { value: 'pending', label: 'Pending' },
      { value: 'active', label: 'Active' },
      { value: 'not_sold', label: 'Not Sold' },
      { value: 'finalized', label: 'Finalized (Pending Concierge Fee)' },
      { value: 'closed', label: 'Closed (Admin Only)' },
    ]);
  });

  it('offers consumers nothing: they never edit a deal', () => {
    expect(statusesSelectableBy('consumer')).toEqual([]);
  });
});

describe('canSetStatus', () => {
  const allowed: Record<Role, DealStatus[]> = {
    admin: ['available', 'pending', 'active', 'finalized', 'closed', 'not_sold'],
    broker: ['available', 'pending', 'active', 'not_sold'],
    dealer: ['available', 'pending', 'active'],
    consumer: [],
  };

  const cases = ROLES.flatMap((role) => DEAL_STATUSES.map((status) => [role, status, allowed[role].includes(status)] as const));
  it.each(cases)('%s setting %s -> %s', (role, status, expected) => {
    expect(canSetStatus(role, status)).toBe(expected);
  });

  it('never lets anyone set expired (only the expiry job does)', () => {
    expect(ROLES.some((role) => canSetStatus(role, 'expired'))).toBe(false);
  });
});

describe('canSaveStatus and its message', () => {
  it('lets a broker save a finalized or expired deal unchanged but never a closed one', () => {
    expect(canSaveStatus('broker', 'finalized', 'finalized')).toBe(true);
    expect(canSaveStatus('broker', 'expired', 'expired')).toBe(true);
    expect(canSaveStatus('broker', 'closed', 'closed')).toBe(false);
    expect(canSaveStatus('broker', 'finalized', 'active')).toBe(false);
    expect(canSaveStatus('broker', 'pending', 'closed')).toBe(true);
    expect(canSaveStatus('consumer', 'active', 'active')).toBe(false);
  });

  it('words the denial as required for closed', () => {
    expect(PERMISSION_DENIED_TITLE).toBe('Permission Denied');
    expect(statusDeniedMessage('closed')).toBe('Only admins can mark deals as closed');
    expect(ONLY_ADMINS_CAN_CLOSE_MESSAGE).toBe('Only admins can mark deals as closed');
    expect(statusDeniedMessage('finalized')).toBe(STATUS_NOT_ALLOWED_MESSAGE);
  });
});

describe('new deals', () => {
  it('forces available when added to the marketplace', () => {
    expect(statusForNewDeal('closed', true)).toBe('available');
    expect(statusForNewDeal('pending', false)).toBe('pending');
  });

  it('defaults the broker to the creator', () => {
    expect(brokerIdForNewDeal(null, 'me')).toBe('me');
    expect(brokerIdForNewDeal('', 'me')).toBe('me');
    expect(brokerIdForNewDeal('other', 'me')).toBe('other');
  });
});

describe('concierge fee', () => {
  it.each([
    [0, true],
    [99.99, false],
    [100, true],
    [750, true],
    [1500, true],
    [1500.01, false],
    [-1, false],
    [50, false],
  ])('%s is a valid fee: %s', (fee, expected) => {
    expect(isValidConciergeFee(fee)).toBe(expected);
  });

  it('is saved when an admin saves a finalized or closed deal', () => {
    expect(conciergeFeeToSave({ role: 'admin', status: 'finalized', fee: 500 })).toBe(500);
    expect(
      conciergeFeeToSave({
        role: 'admin',
        status: 'closed',
        fee: 500,
        current: { status: 'finalized', conciergeFee: 300 },
      }),
    ).toBe(500);
  });

  it('is saved as 0 when an admin saves any other status', () => {
    expect(
      conciergeFeeToSave({
        role: 'admin',
        status: 'active',
        fee: 500,
        current: { status: 'finalized', conciergeFee: 500 },
      }),
    ).toBe(0);
  });

  it('is locked once closed: saving a closed deal closed again keeps the stored fee', () => {
    expect(
      conciergeFeeToSave({
        role: 'admin',
        status: 'closed',
        fee: 900,
        current: { status: 'closed', conciergeFee: 400 },
      }),
    ).toBe(400);
  });

  it('is never changed by a non-admin save', () => {
    expect(
      conciergeFeeToSave({
        role: 'broker',
        status: 'finalized',
        fee: 1500,
        current: { status: 'finalized', conciergeFee: 400 },
      }),
    ).toBe(400);
    expect(conciergeFeeToSave({ role: 'broker', status: 'available', fee: 1500 })).toBe(0);
  });

  it.each([
    [{ status: 'finalized', conciergeFee: 500, conciergeFeePaid: false }, true],
    [{ status: 'finalized', conciergeFee: 0, conciergeFeePaid: false }, false],
    [{ status: 'finalized', conciergeFee: 500, conciergeFeePaid: true }, false],
    [{ status: 'closed', conciergeFee: 500, conciergeFeePaid: false }, false],
  ] as const)('payment offered for %j: %s', (deal, expected) => {
    expect(isConciergeFeePayable(deal)).toBe(expected);
  });
});

describe('consumer-facing rules', () => {
  it('allows referrals only from closed deals', () => {
    expect(DEAL_STATUSES.filter(canReferFriends)).toEqual(['closed']);
  });

  it('treats closed and finalized deals as past purchases', () => {
    expect(DEAL_STATUSES.filter(isPastPurchase)).toEqual(['finalized', 'closed']);
  });

  it('hides the credit application from consumers and on finalized or closed deals', () => {
    expect(showsCreditApplication('broker', 'active')).toBe(true);
    expect(showsCreditApplication('dealer', 'pending')).toBe(true);
    expect(showsCreditApplication('consumer', 'active')).toBe(false);
    expect(showsCreditApplication('admin', 'finalized')).toBe(false);
    expect(showsCreditApplication('admin', 'closed')).toBe(false);
  });
});

describe('money', () => {
  it.each([
    [0.00125, 3],
    [0.0025, 6],
    [0.00189, 4.54],
    [0.002083, 5],
    [0.00001, 0.02],
    [1, 2400],
  ])('money factor %s is APR %s', (moneyFactor, apr) => {
    expect(aprFromMoneyFactor(moneyFactor)).toBe(apr);
  });

  it('derives the APR from the money factor on leases only', () => {
    expect(effectiveApr({ dealType: 'lease', moneyFactor: 0.0015, apr: 9 })).toBe(3.6);
    expect(effectiveApr({ dealType: 'lease', moneyFactor: null, apr: 2.9 })).toBe(2.9);
    expect(effectiveApr({ dealType: 'finance', moneyFactor: 0.0015, apr: 4.5 })).toBe(4.5);
  });

  it('adds dealer and client fees into the total', () => {
    expect(totalBrokerFee(500, 250)).toBe(750);
    expect(totalBrokerFee(0.1, 0.2)).toBe(0.3);
    expect(totalBrokerFee(null, 300)).toBe(300);
    expect(totalBrokerFee(undefined, undefined)).toBe(0);
  });
});

describe('notSoldFieldsToSave', () => {
  const fields = { notSoldReason: NOT_READY_TO_PURCHASE, followUpDate: '2026-04-01', notSoldNotes: 'Call in April' };

  it('clears every not-sold field when the status is not not_sold', () => {
    expect(notSoldFieldsToSave('active', fields)).toEqual({
      notSoldReason: null,
      followUpDate: null,
      notSoldNotes: null,
    });
  });

  it('keeps them for not_sold', () => {
    expect(notSoldFieldsToSave('not_sold', fields)).toEqual(fields);
  });

  it('keeps a follow-up date only for "Not ready to purchase at this time"', () => {
    expect(notSoldFieldsToSave('not_sold', { ...fields, notSoldReason: 'Payment' })).toEqual({
      notSoldReason: 'Payment',
      followUpDate: null,
      notSoldNotes: 'Call in April',
    });
  });
});
