import { describe, expect, it } from 'vitest';
import {
  LEAD_WAITING_THRESHOLD_MINUTES,
  NOTIFICATION_KINDS,
  NOTIFICATION_KINDS_BY_ROLE,
  badgeText,
  bellLabel,
  emailPreferences,
  leadAssignee,
  leadWaitingReason,
  wantsEmail,
} from './kinds';

const now = new Date('2026-11-25T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('the bell', () => {
  it('names the unread count in its accessible name, and none when there is none', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  it('shows a badge from 1, capped at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('e-mail preferences', () => {
  it('are on for every kind until switched off', () => {
    expect(Object.values(emailPreferences(undefined)).every(Boolean)).toBe(true);
    expect(emailPreferences(['lead-waiting'])).toMatchObject({ 'lead-waiting': false, 'lead-assigned': true });
    expect(wantsEmail(undefined, 'lead-waiting')).toBe(true);
    expect(wantsEmail(['lead-waiting'], 'lead-waiting')).toBe(false);
    expect(wantsEmail(['lead-waiting'], 'concierge-fee-paid')).toBe(true);
  });

  it('offers admins every kind and brokers all but the approval one; dealers and consumers none', () => {
    expect(NOTIFICATION_KINDS_BY_ROLE.admin).toEqual(NOTIFICATION_KINDS);
    expect(NOTIFICATION_KINDS_BY_ROLE.broker).not.toContain('broker-awaiting-approval');
    expect(NOTIFICATION_KINDS_BY_ROLE.dealer).toEqual([]);
    expect(NOTIFICATION_KINDS_BY_ROLE.consumer).toEqual([]);
  });
});

describe('a lead waiting too long', () => {
  it('waits once new for the threshold: unassigned for the admins, assigned for its assignee', () => {
    const old = minutesAgo(LEAD_WAITING_THRESHOLD_MINUTES);
    expect(leadWaitingReason({ createdAt: old, status: 'new' }, now)).toBe('unassigned');
    expect(leadWaitingReason({ createdAt: old, status: 'new', assignedBrokerId: 'b1' }, now)).toBe('not-contacted');
  });

  it('does not wait before the threshold, or once contacted', () => {
    expect(leadWaitingReason({ createdAt: minutesAgo(LEAD_WAITING_THRESHOLD_MINUTES - 1), status: 'new' }, now)).toBeNull();
    expect(leadWaitingReason({ createdAt: minutesAgo(600), status: 'contacted' }, now)).toBeNull();
  });
});

describe('a lead assigned', () => {
  it('tells the new assignee', () => {
    expect(leadAssignee(undefined, { assignedBrokerId: 'b1' })).toBe('b1');
    expect(
      leadAssignee(
        { assignedBrokerId: 'b1' },
        { assignedBrokerId: 'b2', assignmentHistory: [{ brokerId: 'b2', byId: 'admin-1' }] },
      ),
    ).toBe('b2');
  });

  it('tells nobody on a claim, an unchanged assignee or a return to the pool', () => {
    expect(leadAssignee(undefined, { assignedBrokerId: 'b1', assignmentHistory: [{ brokerId: 'b1', byId: 'b1' }] })).toBeNull();
    expect(leadAssignee({ assignedBrokerId: 'b1' }, { assignedBrokerId: 'b1' })).toBeNull();
    expect(leadAssignee({ assignedBrokerId: 'b1' }, {})).toBeNull();
  });
});
