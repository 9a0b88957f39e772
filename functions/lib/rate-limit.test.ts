import { describe, expect, it } from 'vitest';
import { rateCounterKey, rateWindow, senderCounterKey, senderLimitMessage, sourceKey, windowInWords } from './rate-limit';

describe('rateWindow', () => {
  const limit = { requests: 20, windowSeconds: 600 };

  it('puts every instant of a fixed window in the same window and tells how long until the next', () => {
    const start = rateWindow(limit, new Date('2026-03-10T15:00:00.000Z'));
    const end = rateWindow(limit, new Date('2026-03-10T15:09:59.900Z'));

    expect(end.startSeconds).toBe(start.startSeconds);
    expect(start.endSeconds - start.startSeconds).toBe(600);
    expect(start.retryAfterSeconds).toBe(600);
    expect(end.retryAfterSeconds).toBe(1);
  });

  it('starts a new window on the boundary', () => {
    const before = rateWindow(limit, new Date('2026-03-10T15:09:59.999Z'));
    const after = rateWindow(limit, new Date('2026-03-10T15:10:00.000Z'));

    expect(after.startSeconds).toBe(before.endSeconds);
  });
});

describe('sourceKey', () => {
  it('counts an IPv4 address as itself, also when written IPv4-mapped', () => {
    expect(sourceKey('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one source', () => {
    expect(sourceKey('2001:db8:aa:1:0:0:0:1')).toBe('2001:db8:aa:1::/64');
    expect(sourceKey('2001:0db8:00aa:0001:ffff:1:2:3')).toBe('2001:db8:aa:1::/64');
    expect(sourceKey('2001:db8:aa:1::9')).toBe('2001:db8:aa:1::/64');
    expect(sourceKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceKey('2001:db8:aa:2::1')).not.toBe(sourceKey('2001:db8:aa:1::1'));
  });
});

describe('rateCounterKey', () => {
  it('keys one item per route, source and window', () => {
    expect(rateCounterKey('POST /auth/signup-licence', '203.0.113.7', 1_773_154_800)).toEqual({
      pk: 'RATE#POST /auth/signup-licence#203.0.113.7',
      sk: 'WINDOW#1773154800',
    });
  });
});

describe('senderCounterKey', () => {
  it('keys one item per route, sender and window, apart from the per-source counters', () => {
    expect(senderCounterKey('POST /referrals', 'user-1', 1_773_100_800)).toEqual({
      pk: 'SENDS#POST /referrals#user-1',
      sk: 'WINDOW#1773100800',
    });
  });
});

describe('the per-sender limit in words', () => {
  it.each([
    [86_400, 'a day'],
    [3_600, 'an hour'],
    [7_200, '2 hours'],
    [600, '10 minutes'],
    [45, '45 seconds'],
  ])('says a window of %i seconds as %j', (seconds, words) => {
    expect(windowInWords(seconds)).toBe(words);
  });

  it('says the limit and when to try again', () => {
    expect(senderLimitMessage('referrals', { requests: 5, windowSeconds: 86_400 })).toBe(
      'You can send at most 5 referrals in a day. Please try again tomorrow.',
    );
    expect(senderLimitMessage('invitations', { requests: 30, windowSeconds: 3_600 })).toBe(
      'You can send at most 30 invitations in an hour. Please try again later.',
    );
  });
});
