/**
 * Entry of the public trending embed (trending-deals-embed.html, served at /trending-deals-embed): the trending
 * vehicles alone, with no router, no session, no staff screens and no query library, rendered with Preact in the
 * production build (web/vite.config.ts), so dealer sites frame a page of at most 20 KB of JavaScript
 * (docs/decisions.md, "Public pages"). It needs no runtime configuration: its one call is the site's own edge path.
 * A failed call is logged and shows "No trending vehicles yet" (spec).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TrendingEmbed } from '@web/features/marketplace/components/trending-embed';
import '@web/styles/global.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TrendingEmbed />
  </StrictMode>,
);
