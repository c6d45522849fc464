import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../core/lazyPage.js';
import { queryKeys } from '../core/queryKeys.js';
import type { RouteHandle } from '../core/routeHandle.js';

const TermsPage = lazyPage(() => import('./TermsPage.js'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('./PrivacyPage.js'), 'PrivacyPage');

/** The enrollment terms and the privacy notice. */
export const policyRoutes: RouteObject[] = [
  {
    path: 'terms',
    element: <TermsPage />,
    handle: { prefetch: () => [queryKeys.policies()], islands: true } satisfies RouteHandle,
  },
  { path: 'privacy', element: <PrivacyPage />, handle: { islands: true } satisfies RouteHandle },
];
