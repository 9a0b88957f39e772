import { describe, expect, it } from 'vitest';
import { pathPatternMatcher } from './path-pattern';

describe('CloudFront path patterns', () => {
  it.each([
    ['/deal-images/*', '/deal-images/vehicles/01J/front.jpg', true],
    ['/deal-images/*', '/deal-images', false],
    ['/trending-deals-embed*', '/trending-deals-embed', true],
    ['/trending-deals-embed*', '/trending-deals-embed/x/y', true],
    ['/get-quote*', '/Get-Quote', false],
    ['/public-api/marketplace/trending', '/public-api/marketplace/trending', true],
    ['/public-api/marketplace/trending', '/public-api/marketplace/trendingX', false],
    ['images/*.jpg', '/images/a.jpg', true],
    ['/a?c', '/abc', true],
    ['/a.c', '/abc', false],
    ['*', '/anything/at/all', true],
  ])('%s matches %s: %s', (pattern, path, matches) => {
    expect(pathPatternMatcher(pattern)(path)).toBe(matches);
  });
});
