import { describe, expect, it } from 'vitest';
import { BODY_STYLES, featureOptionsFor } from './enums';

describe('featureOptionsFor', () => {
  it.each([
    ['SUV', ['4x4/AWD', '7+ passenger seating', 'Towing package', 'Best possible deal (price-focused)']],
    ['Truck', ['4x4/AWD', '7+ passenger seating', 'Towing package', 'Best possible deal (price-focused)']],
    ['Sedan', ['4x4/AWD', 'Fuel efficiency', 'Advanced safety features', 'Best possible deal (price-focused)']],
    ['Coupe', ['4x4/AWD', 'Performance package', 'Premium sound system', 'Best possible deal (price-focused)']],
    ['Other', ['4x4/AWD', 'Best possible deal (price-focused)']],
  ] as const)('offers %s buyers %j', (bodyStyle, expected) => {
    expect(featureOptionsFor(bodyStyle)).toEqual(expected);
  });

  it.each(BODY_STYLES)('always offers 4x4/AWD and the best possible deal for %s', (bodyStyle) => {
    expect(featureOptionsFor(bodyStyle)).toEqual(expect.arrayContaining(['4x4/AWD', 'Best possible deal (price-focused)']));
  });
});
