import { describe, expect, it } from 'vitest';
import { atTime } from '../calendar';
import { MAX_IMAGE_BYTES } from '../constants';
import { updateMarketplaceVehicleRequestSchema } from './api';
import {
  MARKETPLACE_MESSAGES,
  marketplaceVehicleEditSchema,
  marketplaceVehicleSchema,
  stockNumberKey,
  vehicleImageFileSchema,
} from './schemas';

/** Every parse here is judged at this time (shared/calendar.ts `atTime`), as a request's would be. */
const NOW = new Date('2026-05-01T12:00:00.000Z');
const parse = (input: unknown) => atTime(NOW, () => marketplaceVehicleSchema.safeParse(input));

const valid = {
  stockNumber: 'A-102',
  year: 2026,
  make: 'Toyota',
  model: 'RAV4',
  monthlyPayment: 399,
  termMonths: 36,
  expirationDate: '2026-06-30',
};
const firstMessage = (input: unknown) => parse(input).error?.issues[0]?.message;

describe('marketplaceVehicleSchema', () => {
  it('fills the defaults of a new marketplace vehicle', () => {
    expect(parse(valid).data).toEqual({
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
    [{ stockNumber: 'S'.repeat(31) }, 'Stock number must be less than 30 characters'],
    [{ stockNumber: 'A 102' }, 'Stock number can only contain letters, numbers, and hyphens'],
    [{ stockNumber: 'A/102' }, MARKETPLACE_MESSAGES.stockNumberCharacters],
    [{ stockNumber: 'A_102' }, MARKETPLACE_MESSAGES.stockNumberCharacters],
    [{ stockNumber: 'A-102\u202E' }, MARKETPLACE_MESSAGES.stockNumberCharacters],
    [{ stockNumber: 'Ä-102' }, MARKETPLACE_MESSAGES.stockNumberCharacters],
    [{ stockNumber: '../x' }, MARKETPLACE_MESSAGES.stockNumberCharacters],
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
    [{ availableStock: 0 }, 'Available stock must be a whole number from 1 to 999'],
    [{ availableStock: 1.5 }, 'Available stock must be a whole number from 1 to 999'],
    [{ availableStock: 1000 }, 'Available stock must be a whole number from 1 to 999'],
    [{ availableStock: -1 }, MARKETPLACE_MESSAGES.availableStock],
    [{ expirationDate: '' }, 'Expiration date is required'],
    [{ expirationDate: '2026-02-30' }, 'Expiration date must be a valid date'],
    // Added already expired: the day before the earliest today anywhere (2026-05-01 at UTC-12 is 00:00 UTC).
    [{ expirationDate: '2026-04-30' }, 'Expiration date cannot be in the past'],
    [{ expirationDate: '2020-01-01' }, 'Expiration date cannot be in the past'],
    // The latest today is 2026-05-02 (UTC+14): two years from it is the last date.
    [{ expirationDate: '2028-05-03' }, 'Expiration date must be within 2 years'],
    [{ make: 'Toy\u202Eota' }, 'Make cannot contain control or text-direction characters'],
    [{ model: 'RAV\u00004' }, 'Model cannot contain control or text-direction characters'],
    [{ trim: 'XLE\u2066' }, 'Trim cannot contain control or text-direction characters'],
    [{ trim: 'XLE\u001B[31m' }, 'Trim cannot contain control or text-direction characters'],
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
    [{ availableStock: 999 }],
    [{ stockNumber: 'S'.repeat(30) }],
    [{ stockNumber: 'ab-100' }],
    [{ expirationDate: '2026-05-01' }],
    [{ expirationDate: '2028-05-02' }],
    [{ trim: 'Škoda Édition' }],
  ])('accepts the edge %j', (change) => {
    expect(parse({ ...valid, ...change }).success).toBe(true);
  });

  it('strips control and text-direction characters from the notes, keeping line breaks', () => {
    expect(parse({ ...valid, notes: ' One\u202E owner\n\tno\u0000 accidents ' }).data?.notes).toBe('One owner\n\tno accidents');
    expect(parse({ ...valid, notes: '\u202E\u2066' }).data?.notes).toBeNull();
  });

  it('judges the expiration date at the time it is checked, not when the module loaded', () => {
    const later = new Date('2027-01-01T12:00:00.000Z');
    expect(atTime(later, () => marketplaceVehicleSchema.safeParse(valid)).error?.issues[0]?.message).toBe(
      'Expiration date cannot be in the past',
    );
  });

  it('lets the edit form keep a past date, not one beyond 2 years (the add form refuses both)', () => {
    const edit = (expirationDate: string) =>
      atTime(NOW, () => marketplaceVehicleEditSchema.safeParse({ ...valid, expirationDate })).error?.issues[0]?.message;
    expect(edit('2026-04-01')).toBeUndefined();
    expect(edit('2028-05-03')).toBe('Expiration date must be within 2 years');
  });

  it('lets an edit move the date into the past, but not beyond 2 years', () => {
    const edit = (expirationDate: string) =>
      atTime(NOW, () => updateMarketplaceVehicleRequestSchema.safeParse({ expirationDate })).error?.issues[0]?.message;
    expect(edit('2026-04-01')).toBeUndefined();
    expect(edit('2028-05-03')).toBe('Expiration date must be within 2 years');
  });

  it('keeps each incentive once', () => {
    expect(parse({ ...valid, incentives: ['costco', 'military', 'costco'] }).data?.incentives).toEqual(['costco', 'military']);
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
