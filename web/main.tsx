import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from 'react-aria-components';
import { queryClient } from './core/queryClient.js';
import { App } from './App.js';
import './theme.css';
import './layout/base.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

// en-US whatever the browser says: the school publishes US dates, 12-hour times and dollars.
createRoot(rootElement).render(
  <StrictMode>
    <I18nProvider locale="en-US">
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
