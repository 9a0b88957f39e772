import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TrendingVehicle } from './trending';
import {
  TRENDING_DISCLAIMER,
  TRENDING_REGION_END,
  TRENDING_REGION_START,
  fillTrendingEmbed,
  trendingCardHtml,
  trendingRegionHtml,
  trendingVehiclesHtml,
} from './trending-embed';

const civic: TrendingVehicle = {
  vehicleId: '01JCIVIC000000000000000000',
  year: 2025,
  make: 'Honda',
  model: 'Civic',
  vehicleTrim: 'Sport',
  imageUrl: 'https://leasedesk.example.com/deal-images/civic.jpg',
  msrp: 28450,
  monthlyPayment: 289.4,
  termMonths: 36,
  downPayment: 2000,
  expirationDate: '2027-01-31',
  views: 12,
};

const SHELL = `<!doctype html><html><head><link rel="stylesheet" href="/assets/embed-abc.css"></head><body><main>
<h1>Trending Vehicles</h1>${TRENDING_REGION_START}<div id="trending-vehicles" data-state="loading"></div>${TRENDING_REGION_END}
</main><script type="module" src="/assets/embed-def.js"></script></body></html>`;

describe('the trending embed as HTML', () => {
  it('shows a card with its expiration date, name, trim, payment, MSRP, term, down payment and both links to the wizard', () => {
    const html = trendingCardHtml(civic);

    expect(html).toContain('Expires 01/31/2027');
    expect(html).toContain('2025 Honda Civic');
    expect(html).toContain('<p class="te-trim">Sport</p>');
    expect(html).toContain('$289<span>/mo</span>');
    expect(html).toContain('<dt>MSRP</dt><dd>$28,450</dd>');
    expect(html).toContain('<dt>Term</dt><dd>36 months</dd>');
    expect(html).toContain('<dt>Down payment</dt><dd>$2,000</dd>');
    expect(html).toContain('<img src="https://leasedesk.example.com/deal-images/civic.jpg" alt="2025 Honda Civic"');
    expect(html.match(/href="\/get-quote\?vehicle=01JCIVIC000000000000000000" target="_blank" rel="noopener"/g)).toHaveLength(2);
    expect(html).toContain('Reserve This Deal');
  });

  it('leaves out the expiration date, MSRP and trim a vehicle does not have, and shows the placeholder without a photo', () => {
    const html = trendingCardHtml({ ...civic, expirationDate: null, msrp: null, vehicleTrim: null, imageUrl: null });

    expect(html).not.toContain('Expires');
    expect(html).not.toContain('MSRP');
    expect(html).not.toContain('te-trim');
    expect(html).not.toContain('<img');
    expect(html).toContain('aria-label="No photo available"');
  });

  it('escapes a hostile make, model, trim and id, and loads no image from a script URL', () => {
    const hostile = {
      ...civic,
      vehicleId: '"><script>alert(1)</script>',
      make: '<img src=x onerror=alert(1)>',
      model: `"'><script>alert('model')</script>&amp;`,
      vehicleTrim: '</p><svg onload=alert(1)>',
      imageUrl: 'javascript:alert(1)',
    };

    const html = trendingCardHtml(hostile);

    expect(html).not.toMatch(/<script|<svg onload|<img src=x/i);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&#39;&gt;&lt;script&gt;alert(&#39;model&#39;)&lt;/script&gt;&amp;amp;');
    expect(html).toContain('&lt;/p&gt;&lt;svg onload=alert(1)&gt;');
    expect(html).toContain('href="/get-quote?vehicle=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E"');
    expect(html).toContain('aria-label="No photo available"');
  });

  it('says "No trending vehicles yet" without vehicles, and shows the disclaimer under the cards', () => {
    expect(trendingVehiclesHtml([])).toBe('<p class="te-empty">No trending vehicles yet</p>');
    expect(trendingVehiclesHtml([civic])).toContain(`<p class="te-disclaimer">${TRENDING_DISCLAIMER}</p>`);
  });

  it("fills the page's region and keeps everything around it, again and again, with a $ in a vehicle's text kept", () => {
    const page = fillTrendingEmbed(SHELL, [{ ...civic, model: "Civic $& $' $1" }]);

    expect(page).toContain('data-state="rendered"');
    expect(page).toContain('2025 Honda Civic $&amp; $&#39; $1');
    expect(page.startsWith(SHELL.slice(0, SHELL.indexOf(TRENDING_REGION_START)))).toBe(true);
    expect(page.endsWith(SHELL.slice(SHELL.indexOf(TRENDING_REGION_END)))).toBe(true);
    // A filled page filled again is the same as the shell filled once.
    expect(fillTrendingEmbed(page, [civic])).toBe(fillTrendingEmbed(SHELL, [civic]));
    expect(fillTrendingEmbed(page, null)).toContain('data-state="loading"');
  });

  it('refuses a page without the region markers', () => {
    expect(() => fillTrendingEmbed('<html><body></body></html>', [civic])).toThrow(/markers are missing/);
  });

  it("holds the built page's region between the markers, in the loading state its script fills", () => {
    const built = readFileSync(new URL('../../web/trending-deals-embed.html', import.meta.url), 'utf8');

    const region = built.slice(
      built.indexOf(TRENDING_REGION_START) + TRENDING_REGION_START.length,
      built.indexOf(TRENDING_REGION_END),
    );

    // As formatted in the source: the same elements, with white space between tags.
    expect(region.trim().replace(/>\s+</g, '><')).toBe(trendingRegionHtml(null));
  });
});
