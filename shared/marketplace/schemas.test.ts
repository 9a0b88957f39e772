import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../constants';
import { MARKETPLACE_MESSAGES, marketplaceVehicleSchema, stockNumberKey, vehicleImageFileSchema } from './schemas';

const valid = {
  stockNumber: 'A-102',
  year: 2026,
  make: 'Toyota',
  model: 'RAV4',
  monthlyPayment: 399,
  termMonths: 36,
  expirationDate: '2026-06-30',
};
const firstMessage = (input: unknown) => marketplaceVehicleSchema.safeParse(input).error?.issues[0]?.message;

describe('marketplaceVehicleSchema', () => {
  it('fills the defaults of a new marketplace vehicle', () => {
    expect(marketplaceVehicleSchema.parse(valid)).toEqual({
      ...valid,
      trim: null,
      vin: null,
      msrp: null,
      totalDueAtSigning: null,
      downPayment: null,
      availableStock: 1,
      incentives: [],
      notes: null,
      imageUrl: null,
      dealershipId: null,
    });
  });

  it.each([
    [{ stockNumber: '' }, 'Stock number is required'],
    [{ stockNumber: 'S'.repeat(51) }, MARKETPLACE_MESSAGES.stockNumberTooLong],
    [{ year: undefined }, 'Year is required'],
    [{ year: 1899 }, 'Year must be between 1900 and 2100'],
    [{ year: 2101 }, 'Year must be between 1900 and 2100'],
    [{ make: '' }, 'Make is required'],
    [{ model: '  ' }, 'Model is required'],
    [{ msrp: 0 }, 'MSRP must be greater than 0'],
    [{ totalDueAtSigning: -1 }, 'Total due at signing cannot be negative'],
    [{ monthlyPayment: 0 }, 'Monthly payment must be greater than 0'],
    [{ monthlyPayment: undefined }, 'Monthly payment is required'],
    [{ termMonths: 0 }, 'Term must be a positive whole number of months'],
    [{ termMonths: 85 }, 'Term must be at most 84 months'],
    [{ availableStock: 0 }, 'Available stock must be a whole number of at least 1'],
    [{ availableStock: 1.5 }, 'Available stock must be a whole number of at least 1'],
    [{ expirationDate: '' }, 'Expiration date is required'],
    [{ expirationDate: '2026-02-30' }, 'Expiration date must be a valid date'],
    [{ incentives: ['free lunch'] }, 'Unknown incentive'],
  ])('rejects %j with %j', (change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });

  it.each([
    [{ year: 1900 }],
    [{ year: 2100 }],
    [{ msrp: 0.01 }],
    [{ totalDueAtSigning: 0 }],
    [{ availableStock: 1 }],
    [{ monthlyPayment: 0.01 }],
    [{ termMonths: 1 }],
  ])('accepts the edge %j', (change) => {
    expect(marketplaceVehicleSchema.safeParse({ ...valid, ...change }).success).toBe(true);
  });

  it('keeps each incentive once', () => {
    expect(marketplaceVehicleSchema.parse({ ...valid, incentives: ['costco', 'military', 'costco'] }).incentives).toEqual([
      'costco',
      'military',
    ]);
  });
});

describe('stock numbers', () => {
  it('treat case and surrounding spaces as the same stock number', () => {
    expect(stockNumberKey(' a-102 ')).toBe(stockNumberKey('A-102'));
  });
});

describe('vehicle image file', () => {
  it('accepts up to 5MB and rejects more with "Image must be less than 5MB"', () => {
    expect(vehicleImageFileSchema.safeParse({ name: 'car.jpg', size: MAX_IMAGE_BYTES }).success).toBe(true);
    expect(vehicleImageFileSchema.safeParse({ name: 'car.jpg', size: MAX_IMAGE_BYTES + 1 }).error?.issues[0]?.message).toBe(
      'Image must be less than 5MB',
    );
  });
});
