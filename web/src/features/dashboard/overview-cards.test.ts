import { describe, expect, it } from 'vitest';
import type { DashboardCard } from '@shared/dashboard/api';
import { overviewCards } from './overview-cards';

const count = (id: DashboardCard['id'], value: number): DashboardCard => ({ id, value, unit: 'count' });
const titles = (cards: { title: string }[]) => cards.map((card) => card.title);
const approved = { isApproved: true, isLicensed: true };

describe('overviewCards', () => {
  it('shows an admin every staff card, with the academy user count and the broker count', () => {
    const cards = overviewCards({ role: 'admin', broker: null }, [count('academy', 3), count('brokerPerformance', 4)]);
    expect(titles(cards)).toEqual([
      'Vehicles in Marketplace',
      'Client Deals',
      'Total Clients',
      'Dealerships',
      'Academy',
      'Broker Performance',
      'New Leads',
    ]);
    expect(cards.find((card) => card.title === 'Academy')?.value).toBe('3');
    expect(cards.find((card) => card.title === 'Broker Performance')).toMatchObject({ value: '4', to: '/admin/brokers' });
  });

  it('shows an approved broker the marketplace, deals, clients, dealerships and academy with their own progress', () => {
    const cards = overviewCards({ role: 'broker', broker: approved }, [{ id: 'academy', value: 40, unit: 'percent' }]);
    expect(titles(cards)).toEqual([
      'Vehicles in Marketplace',
      'Client Deals',
      'Total Clients',
      'Dealerships',
      'Academy',
      'New Leads',
    ]);
    expect(cards.find((card) => card.title === 'Academy')).toMatchObject({ value: '40%', description: 'Your training progress' });
  });

  it('shows a dealer the marketplace, client deals and their dealership deals', () => {
    const cards = overviewCards({ role: 'dealer', broker: null }, [
      count('vehiclesInMarketplace', 1204),
      count('clientDeals', 17),
      count('myDealershipDeals', 6),
    ]);
    expect(titles(cards)).toEqual(['Vehicles in Marketplace', 'Client Deals', 'My Dealership Deals']);
    expect(cards.map((card) => card.to)).toEqual(['/marketplace', '/deals', '/deals']);
    expect(cards.map((card) => card.value)).toEqual(['1,204', '17', '6']);
  });

  it('shows a broker pending approval no cards at all', () => {
    expect(
      overviewCards({ role: 'broker', broker: { isApproved: false, isLicensed: false } }, [count('clientDeals', 2)]),
    ).toEqual([]);
    expect(overviewCards({ role: 'broker', broker: null })).toEqual([]);
  });

  it('links every card to its screen', () => {
    const cards = overviewCards({ role: 'admin', broker: null });
    expect(Object.fromEntries(cards.map((card) => [card.title, card.to]))).toEqual({
      'Vehicles in Marketplace': '/marketplace',
      'Client Deals': '/deals',
      'Total Clients': '/clients',
      Dealerships: '/dealerships',
      Academy: '/academy',
      'Broker Performance': '/admin/brokers',
      'New Leads': '/leads',
    });
  });

  it('shows 0 for figures the dashboard could not load', () => {
    expect(overviewCards({ role: 'admin', broker: null }).every((card) => card.value === '0')).toBe(true);
  });
});
