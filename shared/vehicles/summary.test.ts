import { describe, expect, it } from 'vitest';
import { profileDealSchema } from '../brokers/api';
import { clientDealSchema } from '../clients/api';
import { consumerDealSchema, consumerPortalDealSchema } from '../consumers/api';
import { applicantVehicleSchema } from '../credit-applications/api';
import { archivedDealSchema, dealResponseSchema } from '../deals/api';
import { dealCardSchema } from '../deals/list-api';
import { maturingDealSchema } from '../deals/maturing-api';
import { marketplaceVehicleResponseSchema } from '../marketplace/api';
import { trendingVehicleSchema } from '../marketplace/trending';
import { proposalSnapshotSchema } from '../proposals/api';
import { quoteVehicleSchema } from '../quotes/api';
import { vehicleSummarySchema } from './summary';

const VIEWS = {
  profileDeal: profileDealSchema.shape,
  clientDeal: clientDealSchema.shape,
  consumerDeal: consumerDealSchema.shape,
  consumerPortalDeal: consumerPortalDealSchema.shape,
  applicantVehicle: applicantVehicleSchema.shape,
  archivedDeal: archivedDealSchema.shape,
  deal: dealResponseSchema.shape,
  dealCard: dealCardSchema.shape,
  maturingDeal: maturingDealSchema.shape,
  marketplaceVehicle: marketplaceVehicleResponseSchema.shape,
  trendingVehicle: trendingVehicleSchema.shape,
  proposalVehicle: proposalSnapshotSchema.shape.vehicle.shape,
  quoteVehicle: quoteVehicleSchema.shape,
};

describe('vehicle summary', () => {
  it.each(Object.entries(VIEWS))("the %s view names its vehicle with the summary's own fields", (_, shape) => {
    for (const key of ['year', 'make', 'model'] as const)
      expect(shape[key as keyof typeof shape]).toBe(vehicleSummarySchema.shape[key]);
    if ('trim' in shape) expect(shape.trim).toBe(vehicleSummarySchema.shape.trim);
  });
});
