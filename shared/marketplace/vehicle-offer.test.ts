import { VIN_CHECK_MESSAGES } from '../vehicles/vin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  VEHICLE_MESSAGES,
  aprField,
  brokerFeeField,
  downPaymentField,
  imageUrlField,
  isImageUrl,
  makeField,
  maxOfferYear,
  mileageAllowanceField,
  modelField,
  moneyFactorField,
  monthlyPaymentField,
  offerYearField,
  termMonthsField,
  trimField,
  vehicleNotesField,
  vinField,
} from './vehicle-offer';

const REQUIRED = 'Required!';
const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** Each row: field, a value just inside a bound, a value just outside, the message. */
type BoundRow = [string, z.ZodType, unknown, unknown, string];

describe('vehicle offer bounds', () => {
  afterEach(() => vi.useRealTimers());

  const rows: BoundRow[] = [
    ['year min', offerYearField(REQUIRED), 1900, 1899, VEHICLE_MESSAGES.yearMin],
    ['year whole', offerYearField(REQUIRED), 2020, 2020.5, VEHICLE_MESSAGES.yearWhole],
    ['make length', makeField(REQUIRED), 'M'.repeat(50), 'M'.repeat(51), VEHICLE_MESSAGES.makeTooLong],
    ['make characters', makeField(REQUIRED), 'Mercedes-Benz 2', 'Mercedes/Benz', VEHICLE_MESSAGES.makeCharacters],
    ['model length', modelField(REQUIRED), 'm'.repeat(50), 'm'.repeat(51), VEHICLE_MESSAGES.modelTooLong],
    ['model characters', modelField(REQUIRED), 'CX-5', 'ID.4', VEHICLE_MESSAGES.modelCharacters],
    ['trim length', trimField, 't'.repeat(50), 't'.repeat(51), VEHICLE_MESSAGES.trimTooLong],
    ['vin length', vinField, '1HGCM82633A004352', '1HGCM82633A00435', VEHICLE_MESSAGES.vinLength],
    ['vin letters', vinField, '1HGCM82633A004352', '1HGCM82633A00435O', VEHICLE_MESSAGES.vinCharacters],
    ['vin check digit (North America)', vinField, '1M8GDM9AXKP042788', '1XPTD40X0JD456115', VIN_CHECK_MESSAGES.wrong('6')],
    ['monthly payment positive', monthlyPaymentField(REQUIRED), 0.01, 0, VEHICLE_MESSAGES.monthlyPaymentPositive],
    ['monthly payment max', monthlyPaymentField(REQUIRED), 100_000, 100_000.01, VEHICLE_MESSAGES.monthlyPaymentMax],
    ['down payment min', downPaymentField(REQUIRED), 0, -0.01, VEHICLE_MESSAGES.downPaymentMin],
    ['down payment max', downPaymentField(REQUIRED), 1_000_000, 1_000_000.01, VEHICLE_MESSAGES.downPaymentMax],
    ['term positive', termMonthsField(REQUIRED), 1, 0, VEHICLE_MESSAGES.termPositive],
    ['term whole', termMonthsField(REQUIRED), 36, 36.5, VEHICLE_MESSAGES.termPositive],
    ['term max', termMonthsField(REQUIRED), 84, 85, VEHICLE_MESSAGES.termMax],
    ['mileage positive', mileageAllowanceField(REQUIRED), 1, 0, VEHICLE_MESSAGES.mileagePositive],
    ['mileage whole', mileageAllowanceField(REQUIRED), 12_000, 12_000.5, VEHICLE_MESSAGES.mileagePositive],
    ['mileage max', mileageAllowanceField(REQUIRED), 100_000, 100_001, VEHICLE_MESSAGES.mileageMax],
    ['apr min', aprField(REQUIRED), 0, -0.01, VEHICLE_MESSAGES.aprMin],
    ['apr max', aprField(REQUIRED), 50, 50.01, VEHICLE_MESSAGES.aprMax],
    ['money factor positive', moneyFactorField, 0.00001, 0, VEHICLE_MESSAGES.moneyFactorPositive],
    ['money factor max', moneyFactorField, 1, 1.00001, VEHICLE_MESSAGES.moneyFactorMax],
    ['broker fee min', brokerFeeField, 0, -1, VEHICLE_MESSAGES.brokerFeeMin],
    ['broker fee max', brokerFeeField, 100_000, 100_000.01, VEHICLE_MESSAGES.brokerFeeMax],
    ['notes length', vehicleNotesField, 'n'.repeat(5000), 'n'.repeat(5001), VEHICLE_MESSAGES.notesTooLong],
  ];

  it.each(rows)('%s: accepts %#', (_name, schema, inside) => {
    expect(accepts(schema, inside)).toBe(true);
  });

  it.each(rows)('%s: rejects with the message', (_name, schema, _inside, outside, message) => {
    expect(firstMessage(schema, outside)).toBe(message);
  });

  it('accepts model years up to two years ahead, read at validation time', () => {
    vi.useFakeTimers({ now: new Date(2026, 5, 1), toFake: ['Date'] });
    expect(maxOfferYear()).toBe(2028);
    expect(accepts(offerYearField(REQUIRED), 2028)).toBe(true);
    expect(firstMessage(offerYearField(REQUIRED), 2029)).toBe('Year must be 2028 or earlier');
  });
});

describe('required and optional vehicle fields', () => {
  it.each([
    ['year', offerYearField(REQUIRED)],
    ['make', makeField(REQUIRED)],
    ['model', modelField(REQUIRED)],
    ['monthly payment', monthlyPaymentField(REQUIRED)],
    ['down payment', downPaymentField(REQUIRED)],
    ['term', termMonthsField(REQUIRED)],
    ['mileage allowance', mileageAllowanceField(REQUIRED)],
    ['APR', aprField(REQUIRED)],
  ])("%s reads the caller's required message when missing", (_name, schema) => {
    expect(firstMessage(schema, undefined)).toBe(REQUIRED);
  });

  it.each([
    ['trim', trimField],
    ['VIN', vinField],
    ['money factor', moneyFactorField],
    ['broker fee', brokerFeeField],
    ['notes', vehicleNotesField],
    ['image URL', imageUrlField],
  ])('%s is optional and blank is stored as null', (_name, schema) => {
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse('')).toBeNull();
  });

  it('lets a VIN from outside North America through whatever its 9th character (the form only warns)', () => {
    expect(vinField.parse('WVWZZZ1JZXW000001')).toBe('WVWZZZ1JZXW000001');
  });

  it('upper-cases a VIN typed in lower case', () => {
    expect(vinField.parse('1hgcm82633a004352')).toBe('1HGCM82633A004352');
  });

  it('accepts makes written in any alphabet', () => {
    expect(accepts(makeField(REQUIRED), 'Škoda')).toBe(true);
  });
});

describe('image URL', () => {
  it.each([
    'https://cdn.leasedesk.com/deal-images/01J.jpg',
    'https://cdn.leasedesk.com/a.JPEG',
    'http://localhost:4569/bucket/a.png?X-Amz-Signature=abc',
    'https://x.io/a.gif',
    'https://x.io/a.webp',
  ])('accepts %s', (url) => {
    expect(isImageUrl(url)).toBe(true);
    expect(accepts(imageUrlField, url)).toBe(true);
  });

  it.each([
    ['https://x.io/a.pdf', VEHICLE_MESSAGES.imageUrlType],
    ['https://x.io/image', VEHICLE_MESSAGES.imageUrlType],
    ['not a url', VEHICLE_MESSAGES.imageUrlInvalid],
    ['javascript:alert(1)//a.png', VEHICLE_MESSAGES.imageUrlInvalid],
  ])('rejects %s', (url, message) => {
    expect(firstMessage(imageUrlField, url)).toBe(message);
  });
});
