import '../core/zodJitless.js';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { SkipLink } from '../components/SkipLink.js';
import { LayoutToasts, ToastRegion } from '../components/Toast.js';
import { AdminHeader, isAdminPath } from './AdminHeader.js';
import { Banner } from './Banner.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { PageLoading } from './PageLoading.js';
import { RouterBridge } from './RouterBridge.js';
import { island } from '../core/island.js';
import { ServerHtml } from '../core/ServerHtml.js';
import { markHydrated } from '../core/hydrated.js';
import './Layout.css';

const HeaderIsland = island('Header', Header);

/**
 * Chrome shared by every route: skip link, banner, header, main, footer and the toasts. The
 * office's screens (/admin…) have their own header and no public banner, menu or footer.
 */
export function Layout() {
  const { pathname, search } = useLocation();
  const office = isAdminPath(pathname);
  return (
    <RouterBridge>
      <SkipLink />
      {office ? (
        <AdminHeader />
      ) : (
        <>
          <ServerHtml id="site-banner">
            <Banner />
          </ServerHtml>
          <HeaderIsland pathname={pathname} search={search} />
        </>
      )}
      <LayoutToasts>
        <MainRegion />
      </LayoutToasts>
      {!office && (
        <ServerHtml id="site-footer">
          <Footer />
        </ServerHtml>
      )}
      <ToastRegion />
      <ScrollRestoration />
    </RouterBridge>
  );
}

/**
 * Inside the page's boundary: React hydrates a boundary after the shell around it (in a
 * transition, yielding between), so the page is live only when this commits.
 */
function Hydrated() {
  useEffect(() => markHydrated('app'), []);
  return null;
}

function MainRegion() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  // After a client-side page change, start screen readers and keyboards at the new content.
  // (Compared with the last path rather than "first render", so StrictMode's double effect is harmless.)
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <main id="main-content" ref={mainRef} tabIndex={-1} className="site-main">
      <Suspense fallback={<PageLoading />}>
        <Outlet />
        <Hydrated />
      </Suspense>
    </main>
  );
}
