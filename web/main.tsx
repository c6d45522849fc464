// First, before any schema module is evaluated: zod runs without its eval probe (see the file).
import './core/zodJitless.js';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SSR_PAYLOAD_ID, type SsrPayload } from '../contracts/site/ssr.js';
import { queryClient } from './core/queryClient.js';
import { reviveErrors } from './core/ssrErrors.js';
import { App } from './App.js';
import { prepareRoutes, routes } from './routes.js';
import './theme.css';
import './layout/base.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

// Public pages come rendered by the server with their data; the others are the bare shell.
const payloadElement = document.getElementById(SSR_PAYLOAD_ID);
const payload = payloadElement ? (JSON.parse(payloadElement.textContent ?? '') as SsrPayload) : null;

if (payload) hydrate(queryClient, reviveErrors(payload.queries as DehydratedState));
// The page's own chunk before the first render, so hydration adopts the server's HTML instead of suspending.
await prepareRoutes(window.location.pathname).catch(() => undefined);
const router = createBrowserRouter(routes);

const app = (
  <StrictMode>
    <App
      router={<RouterProvider router={router} />}
      queryClient={queryClient}
      site={{ origin: payload?.origin ?? window.location.origin, renderedAt: payload ? new Date(payload.now) : null }}
    />
  </StrictMode>
);

// A transition: React yields to the browser while it hydrates a long page, so a tap is never kept waiting.
if (payload) startTransition(() => void hydrateRoot(rootElement, app));
else createRoot(rootElement).render(app);
