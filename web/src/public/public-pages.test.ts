import { describe, expect, it } from 'vitest';
import { publicPageOf } from './public-pages';

describe('publicPageOf', () => {
  it.each([
    ['/get-quote', 'quote'],
    ['/get-quote/', 'quote'],
    ['/quote-thank-you', 'thankYou'],
    ['/quote-thank-you/', 'thankYou'],
    ['/quote-thank-youx', 'quote'],
  ])('%s shows the %s page', (path, page) => {
    expect(publicPageOf(path)).toBe(page);
  });
});
