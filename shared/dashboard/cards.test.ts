import { describe, expect, it } from 'vitest';
import { dashboardCardsFor } from './cards';

describe('dashboardCardsFor', () => {
  it('gives admins every overview card, Broker Performance included', () => {
    expect(dashboardCardsFor('admin')).toEqual([
      'vehiclesInMarketplace',
      'clientDeals',
      'totalClients',
      'dealerships',
      'academy',
      'brokerPerformance',
    ]);
  });

  it('gives brokers deals, clients, dealerships and academy but not Broker Performance', () => {
    expect(dashboardCardsFor('broker')).toEqual([
      'vehiclesInMarketplace',
      'clientDeals',
      'totalClients',
      'dealerships',
      'academy',
    ]);
  });

  it('gives dealers the marketplace and their dealership deals only', () => {
    expect(dashboardCardsFor('dealer')).toEqual(['vehiclesInMarketplace', 'clientDeals', 'myDealershipDeals']);
  });

  it('gives consumers the marketplace card only', () => {
    expect(dashboardCardsFor('consumer')).toEqual(['vehiclesInMarketplace']);
  });
});
