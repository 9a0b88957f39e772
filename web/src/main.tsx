// First: before any module builds a zod schema.
import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigErrorScreen } from './app/routes/config-error';
import { loadConfig } from './lib/config';
import './styles/global.css';

const root = createRoot(document.getElementById('root')!);

loadConfig().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('[leasedesk] Could not load the runtime configuration', error);
    root.render(<ConfigErrorScreen />);
  },
);
