import { describe, expect, it } from 'vitest';
import { dashboardCardsFor } from './cards';

describe('dashboardCardsFor', () => {
  it('gives admins every overview card, Broker Performance and New Leads included', () => {
    expect(dashboardCardsFor('admin')).toEqual([
      'vehiclesInMarketplace',
      'clientDeals',
      'totalClients',
      'dealerships',
      'academy',
      'brokerPerformance',
      'newLeads',
    ]);
  });

  it('gives brokers deals, clients, dealerships, academy and New Leads but not Broker Performance', () => {
    expect(dashboardCardsFor('broker')).toEqual([
      'vehiclesInMarketplace',
      'clientDeals',
      'totalClients',
      'dealerships',
      'academy',
      'newLeads',
    ]);
  });

  it('gives dealers the marketplace and their dealership deals only', () => {
    expect(dashboardCardsFor('dealer')).toEqual(['vehiclesInMarketplace', 'clientDeals', 'myDealershipDeals']);
  });

  it('gives consumers the marketplace card only', () => {
    expect(dashboardCardsFor('consumer')).toEqual(['vehiclesInMarketplace']);
  });
});
