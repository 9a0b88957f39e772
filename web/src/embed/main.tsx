/**
 * Entry of the public trending embed (trending-deals-embed.html, served at /trending-deals-embed): the trending
 * vehicles alone, with no router, no session and no staff screens, so dealer sites frame a page that stays far
 * under the 100 KB first-load budget. If the runtime configuration cannot be loaded, the page still renders: the
 * trending call then fails, which is logged and shows "No trending vehicles yet" (spec).
 */
// First: before any module builds a zod schema.
import '../lib/zod-without-eval';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TrendingEmbed } from '@web/features/marketplace/components/trending-embed';
import { loadConfig } from '@web/lib/config';
import { logger } from '@web/lib/logger';
import { createQueryClient } from '@web/lib/query-client';
import '@web/styles/global.css';

const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();

void loadConfig()
  .catch((error: unknown) => logger.error('Could not load the runtime configuration', error))
  .then(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <TrendingEmbed />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
