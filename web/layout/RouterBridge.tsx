import type { ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useHref, useNavigate, type NavigateOptions } from 'react-router-dom';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

// Hrefs with a scheme (mailto:, tel:, https:) or protocol-relative ones are not router paths.
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

function useSafeHref(href: string): string {
  const external = EXTERNAL.test(href);
  // Always call the router hook (hook order must not change); ignore it for external hrefs.
  const routed = useHref(external ? '/' : href);
  return external ? href : routed;
}

/** Lets react-aria links and buttons with href navigate through react-router. */
export function RouterBridge({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useSafeHref}>
      {children}
    </AriaRouterProvider>
  );
}
