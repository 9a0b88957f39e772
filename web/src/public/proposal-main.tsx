/**
 * Entry of a client's proposal link (proposal.html, served at /proposal/{token} by the dev server and CloudFront):
 * the proposal page alone, without the staff app, its router, Amplify or a query library, rendered with Preact in
 * the production build (web/vite.config.ts), so a client on a phone loads well under 60 KB of JavaScript
 * (docs/decisions.md, "Public pages"). If the runtime configuration cannot be loaded the page still renders; its
 * call then fails and it says it could not load the proposal.
 */
// First: before any module builds a zod schema.
import '../lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ProposalPage } from '@web/features/proposals/components/proposal-page';
import { proposalTokenOf } from '@web/features/proposals/link';
import { loadConfig } from '@web/lib/config';
import { logger } from '@web/lib/logger';
import '@web/styles/global.css';

const root = createRoot(document.getElementById('root')!);

void loadConfig()
  .catch((error: unknown) => logger.error('Could not load the runtime configuration', error))
  .then(() =>
    root.render(
      <StrictMode>
        <ProposalPage token={proposalTokenOf(window.location.pathname)} />
      </StrictMode>,
    ),
  );
