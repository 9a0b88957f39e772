/**
 * Entry of the public quote pages (get-quote.html, served at /get-quote and /quote-thank-you by the dev server and
 * CloudFront): the wizard and its thank-you page alone, without Amplify, the router or the staff app, rendered with
 * Preact in the production build (web/vite.config.ts), so a shopper on a phone loads well under 70 KB of JavaScript
 * (no query library or form library either: the wizard keeps its own small form state; docs/decisions.md, "Public
 * pages"). If the runtime configuration cannot be loaded the wizard still
 * renders; its calls then fail and say so.
 */
// First: before any module builds a zod schema.
import '../lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from '@web/lib/config';
import { logger } from '@web/lib/logger';
import { PublicQuoteApp } from './public-quote-app';
import '@web/styles/global.css';

const root = createRoot(document.getElementById('root')!);

void loadConfig()
  .catch((error: unknown) => logger.error('Could not load the runtime configuration', error))
  .then(() =>
    root.render(
      <StrictMode>
        <PublicQuoteApp />
      </StrictMode>,
    ),
  );
