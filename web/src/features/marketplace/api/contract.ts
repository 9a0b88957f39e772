// INTERIM: the shape expected from shared/marketplace/api.ts until the API branch commits it.
import type { MarketplaceVehicleInput } from '@shared/marketplace/schemas';

export type MarketplaceTab = 'active' | 'archived';

export interface MarketplaceVehicleSummary {
  id: string;
  stockNumber: string | null;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  imageUrl: string | null;
  monthlyPayment: number;
  downPayment: number | null;
  termMonths: number;
  mileageAllowance: number;
  availableStock: number;
  isArchived: boolean;
  viewCount: number;
  pendingDealCount: number;
}

export interface MarketplaceListResponse {
  vehicles: MarketplaceVehicleSummary[];
  nextCursor: string | null;
  counts: { active: number; archived: number };
  makes: { make: string; count: number }[];
}

export interface MarketplaceVehicleDetail extends MarketplaceVehicleSummary {
  vin: string | null;
  msrp: number | null;
  totalDueAtSigning: number | null;
  apr: number;
  dealType: string;
  expirationDate: string | null;
  incentives: string[];
  notes: string | null;
  dealershipId: string | null;
  dealership: { id: string; name: string; location: string } | null;
  brokerId: string | null;
  createdAt: string;
  canEdit: boolean;
}

export type MarketplaceVehicleBody = MarketplaceVehicleInput;

export interface StockNumberCheckResponse {
  available: boolean;
}

export interface VehicleImageUploadResponse {
  url: string;
  fields: Record<string, string>;
  imageUrl: string;
}

export interface DealershipChoice {
  id: string;
  name: string;
  location: string;
}
