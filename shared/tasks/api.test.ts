import { describe, expect, it } from 'vitest';
import { linkPath } from './links';

describe('linkPath', () => {
  it("opens a lead's and a deal's own page", () => {
    expect(linkPath('lead', 'lead-1')).toBe('/leads/lead-1');
    expect(linkPath('deal', 'deal-1')).toBe('/deals/deal-1');
  });

  it("opens /clients with the client's tasks dialog (clients have no page of their own)", () => {
    expect(linkPath('client', 'client_1-A')).toBe('/clients?tasks=client_1-A');
  });
});
