import { describe, expect, it } from 'vitest';
import { DEAL_INCENTIVES } from '@shared/deals/enums';
import { MARKETPLACE_INCENTIVES } from '@shared/marketplace/enums';
import { offeredIncentives } from './incentives-field';

describe('offered incentives', () => {
  it("offers the deal's pick list, then a marketplace vehicle's own incentives the deal carries", () => {
    expect(offeredIncentives(DEAL_INCENTIVES, ['Costco', 'rebate', 'AAA'])).toEqual([...DEAL_INCENTIVES, 'rebate']);
  });

  it('offers the marketplace pick list alone when every value is on it', () => {
    expect(offeredIncentives(MARKETPLACE_INCENTIVES, ['student', 'costco'])).toEqual([...MARKETPLACE_INCENTIVES]);
  });
});
