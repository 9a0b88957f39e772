import { describe, expect, it } from 'vitest';
import { MY_BROKER_TAB, portalTabs, queryAfterPaymentReturn, selectedTab } from './portal-tabs';

const deal = (label: string, model = 'X5', year = 2026, make = 'BMW') => ({ label, year, make, model });

describe('portalTabs', () => {
  it("labels each deal tab with its car while keeping the required deal-N as the tab's value, My Broker last", () => {
    expect(portalTabs([deal('deal-1', 'X5'), deal('deal-2', 'RAV4', 2025, 'Toyota')])).toEqual([
      { value: 'deal-1', label: '2026 BMW X5' },
      { value: 'deal-2', label: '2025 Toyota RAV4' },
      { value: 'my-broker', label: 'My Broker' },
    ]);
  });

  it('adds the deal number when two deals are on the same car, so no two tabs read alike', () => {
    expect(portalTabs([deal('deal-1'), deal('deal-2'), deal('deal-3', 'X3')]).map((tab) => tab.label)).toEqual([
      '2026 BMW X5 (deal-1)',
      '2026 BMW X5 (deal-2)',
      '2026 BMW X3',
      'My Broker',
    ]);
  });

  it('offers only My Broker to a consumer without a deal yet', () => {
    expect(portalTabs([])).toEqual([MY_BROKER_TAB]);
  });
});

describe('selectedTab', () => {
  const tabs = portalTabs([deal('deal-1'), deal('deal-2', 'X3')]);

  it('opens the tab the address names', () => {
    expect(selectedTab(tabs, 'deal-2')).toBe('deal-2');
    expect(selectedTab(tabs, 'my-broker')).toBe('my-broker');
  });

  it('falls back to the first deal for no tab or one that does not exist (an old link)', () => {
    expect(selectedTab(tabs, null)).toBe('deal-1');
    expect(selectedTab(tabs, 'deal-9')).toBe('deal-1');
  });

  it('falls back to My Broker without deals', () => {
    expect(selectedTab(portalTabs([]), 'deal-1')).toBe('my-broker');
  });
});

describe('queryAfterPaymentReturn', () => {
  const deals = [
    { id: 'd1', label: 'deal-1' },
    { id: 'd2', label: 'deal-2' },
  ];

  it("opens the tab of the deal whose fee was paid and drops the checkout's flags", () => {
    expect(queryAfterPaymentReturn(new URLSearchParams('payment=success&deal=d2'), deals).toString()).toBe('tab=deal-2');
    expect(queryAfterPaymentReturn(new URLSearchParams('tab=deal-1&payment=cancelled&deal=d2'), deals).toString()).toBe(
      'tab=deal-2',
    );
  });

  it('leaves the open tab as it was for a deal the portal does not list', () => {
    expect(queryAfterPaymentReturn(new URLSearchParams('tab=deal-1&payment=success&deal=gone'), deals).toString()).toBe(
      'tab=deal-1',
    );
  });
});
