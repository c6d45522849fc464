import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppDeps } from './core/deps.js';
import { toErrorResponse } from './core/http-errors.js';
import { REFUSAL_ANSWERS } from './refusals.js';
import { carriesSecret, SECRET_PAGE_CACHE, securityHeaders } from './core/security-headers.js';
import { AppError } from './core/errors.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { inquiryRoutes } from './inquiries/routes.js';
import { inquiryFormRoutes } from './inquiries/form-routes.js';
import { shareImageRoutes } from './catalogue/share-image-routes.js';
import { enrollmentRoutes } from './enrollment/sale/routes.js';
import { lapsedHoldRoutes } from './enrollment/lapsed-hold/routes.js';
import { newsletterRoutes } from './newsletter/routes.js';
import { newsletterPageRoutes } from './newsletter/link-pages.js';
import { paymentRoutes } from './enrollment/payment/payment-routes.js';
import { paymentKinds } from './payment-kinds.js';
import { outboxRoutes } from './enrollment/emails/outbox-routes.js';
import { adminRoutes } from './admin/routes.js';
import { appointmentRoutes } from './appointments/routes.js';
import { lessonPackRoutes } from './appointments/packs/routes.js';
import { appointmentPageRoutes } from './appointments/page-routes.js';
import { policyRoutes } from './policies/routes.js';
import { bookingRoutes } from './booking/routes.js';
import { giftCardRoutes } from './gift-cards/routes.js';
import { quoteLinkRoutes } from './organizations/public-routes.js';
import { invoiceCheckoutRoutes } from './organizations/invoice-checkout.js';
import { invoiceLinkRoutes } from './organizations/invoice-link-routes.js';
import { groupBookingRoutes } from './organizations/group-routes.js';
import { pricingRoutes } from './pricing/routes.js';
import { accountRoutes } from './account/routes.js';
import { accountPrivacyRoutes } from './privacy/account-routes.js';
import { familyEnrollment, signedInHousehold } from './account/family-enrollment.js';
import { signedInAccountView } from './account/account-view.js';
import { clientAddressMiddleware } from './core/client-address.js';
import { offerLookupFor, waitlistRoutes } from './waitlist/routes.js';
import { HotReads, type HotReadsOptions } from './core/hot-reads.js';
import { compressAnswers, noStoreByDefault } from './core/compression.js';
import { PreparedBody, sendPrepared } from './core/prepared-body.js';
import { siteRoutes } from './site/routes.js';
import { messageStopRoutes } from './messages/stop-routes.js';
import { reviewRoutes } from './reviews/routes.js';
import { certificateRoutes } from './certificates/routes.js';
import { certificatePageRoutes } from './certificates/verify-page.js';
import { locationRoutes } from './locations/routes.js';
import { setAnswerHeader } from './core/response-headers.js';
import { pageStatus } from './site/page-status.js';
import { loadServerRenderer, serverRenderedPages, type ServerRenderOptions } from './site/server-render.js';
import { isServerRendered, matchPage, NOT_FOUND_PAGE } from '../contracts/site/pages.js';

export interface AppOptions {
  /** Folder of the built SPA; when missing, non-API paths answer a short JSON hint. */
  webDist?: string;
  /** Largest accepted request body. */
  maxBodyBytes?: number;
  /** The public reads kept in memory (service/core/hot-reads.ts). */
  hotReads?: HotReadsOptions;
  /** Server renders under way at once and waiting (service/site/render-gate.ts). */
  serverRender?: ServerRenderOptions;
}

/**
 * Links pressed from an e-mail or its page read no body: a mail provider's one-click unsubscribe posts
 * `List-Unsubscribe=One-Click` as a form (RFC 8058), a page's plain button posts a form.
 */
const BODILESS_LINKS = /^\/api\/(newsletter\/(confirm|unsubscribe)|hold-notes\/stop)\/[^/]+$/;

/** The HTML shell names hashed assets a deploy replaces, so browsers check it each time (a 304 when unchanged). */
const HTML_CACHE = 'no-cache';

/** Builds the Hono app from its dependencies, so tests call `app.request` with in-memory stores. */
export function createApp(deps: AppDeps, options: AppOptions = {}): Hono {
  const app = new Hono();
  const maxBody = options.maxBodyBytes ?? 64 * 1024;

  app.use('*', securityHeaders({ publicUrl: deps.config.PUBLIC_URL }));
  // One client address per request, for every limit (rate limits, unpaid holds, wrong admin keys).
  app.use('*', clientAddressMiddleware(deps.config.TRUST_PROXY));
  app.onError((err, c) => toErrorResponse(err, c, deps.log, REFUSAL_ANSWERS));
  app.use('*', compressAnswers());
  const hot = new HotReads(deps.readStore, deps.projections, {
    headPosition: () => deps.eventStore.headPosition(),
    ...options.hotReads,
  });

  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/ready', async (c) => {
    try {
      await Promise.all([deps.eventStore.headPosition(), deps.readStore.listCheckpoints()]);
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 'unavailable', error: 'A data store cannot be reached.' }, 503);
    }
  });

  const api = new Hono();
  const limitBody = bodyLimit({
    maxSize: maxBody,
    onError: () => {
      throw new AppError(
        'payload_too_large',
        `The request is too large: send at most ${Math.round(maxBody / 1024)} KB.`,
      );
    },
  });
  // Only where a body is read. A declared length is checked from the header alone: hono's
  // bodyLimit looks at the body first, which makes @hono/node-server build a full web Request (a
  // stream, an abort signal) for every POST; Node reads no more than the declared length anyway.
  api.use('*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return limitBody(c, next);
    return Number(declared) > maxBody ? limitBody(c, next) : next();
  });
  api.use('*', async (c, next) => {
    // Every body this API takes is JSON; anything else is refused before a route reads it.
    if (c.req.method === 'GET') return next();
    if (
      ['POST', 'PUT', 'PATCH'].includes(c.req.method) &&
      !BODILESS_LINKS.test(c.req.path) &&
      !/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')
    ) {
      throw new AppError(
        'unsupported_media_type',
        'Send the request body as JSON, with the header Content-Type: application/json.',
      );
    }
    await next();
  });
  api.use('*', noStoreByDefault());
  api.route('/', catalogueRoutes(deps, hot));
  api.route('/', inquiryRoutes(deps));
  api.route(
    '/',
    enrollmentRoutes(deps, {
      findOffer: offerLookupFor(deps),
      family: (c, workshopId, body) => familyEnrollment(c, deps, workshopId, body),
      household: (c) => signedInHousehold(c, deps),
    }),
  );
  api.route('/', waitlistRoutes(deps));
  api.route('/', lapsedHoldRoutes(deps));
  api.route('/', newsletterRoutes(deps));
  api.route('/', paymentRoutes(deps, paymentKinds));
  api.route('/', adminRoutes(deps));
  api.route('/', policyRoutes(deps));
  api.route('/', bookingRoutes(deps));
  api.route('/', giftCardRoutes(deps));
  api.route('/', appointmentRoutes(deps));
  api.route('/', lessonPackRoutes(deps));
  api.route('/', appointmentPageRoutes(deps));
  api.route('/', quoteLinkRoutes(deps));
  api.route('/', invoiceCheckoutRoutes(deps));
  api.route('/', invoiceLinkRoutes(deps));
  api.route('/', groupBookingRoutes(deps));
  api.route('/', pricingRoutes(deps, hot));
  api.route('/', accountRoutes(deps));
  api.route('/', accountPrivacyRoutes(deps));
  api.route('/', reviewRoutes(deps));
  api.route('/', certificateRoutes(deps));
  api.route('/', locationRoutes(deps, hot));
  // What the mailer wrote for an order, for a test run's checks only (TEST_RUN, never by default).
  if (deps.config.TEST_RUN) api.route('/', outboxRoutes(deps));
  api.all('*', (c) => c.json({ error: `There is no API at ${c.req.method} ${c.req.path}.`, code: 'not_found' }, 404));
  app.route('/api', api);
  // The newsletter e-mails' confirm and unsubscribe pages: a button each, no script needed.
  app.route('/', newsletterPageRoutes(deps));
  app.route('/', siteRoutes(deps, hot));
  // A certificate's verification page, which its QR code opens: a plain page, no script needed.
  app.route('/', certificatePageRoutes(deps));
  // The way off the messages to class families: a page and a mail program's one-click POST.
  app.route('/', messageStopRoutes(deps));
  // The inquiry forms posted before (or without) the page's JavaScript: on the pages' own paths.
  app.route('/', inquiryFormRoutes(deps, { maxBodyBytes: maxBody, refusals: REFUSAL_ANSWERS }));
  // Program share pictures (og:image) as PNG, rendered from their SVG once and kept in memory.
  app.route('/', shareImageRoutes(deps, { webDist: options.webDist }));

  const dist = options.webDist ? resolve(options.webDist) : undefined;
  if (dist && existsSync(join(dist, 'index.html'))) {
    const shell = new PreparedBody(readFileSync(join(dist, 'index.html')), 'text/html; charset=UTF-8');
    const statusOf = pageStatus(deps, hot);
    // The public pages rendered on the server with their data (when the server build is there);
    // a failure to load it leaves every page the client-rendered shell, as before.
    const rendered = loadServerRenderer(dist).then(
      (renderer) =>
        renderer &&
        serverRenderedPages(deps, hot, renderer, {
          ...options.serverRender,
          family: (c) => signedInAccountView(c, deps),
        }),
      (err: unknown) => {
        deps.log.error('server renderer not loaded; pages are rendered in the browser', { error: String(err) });
        return null;
      },
    );
    // Every other page is the app's HTML; a path the site does not have (or an unknown program or
    // workshop) answers 404 (rendered: the Not Found view).
    const page = async (c: Context) => {
      const match = matchPage(c.req.path);
      const status = await statusOf(match);
      const shown = match?.route ?? NOT_FOUND_PAGE;
      const render = isServerRendered(shown) && (await rendered);
      if (render) return render(c, shown, status);
      return sendPrepared(c, shell, carriesSecret(c) || shown.personal ? SECRET_PAGE_CACHE : HTML_CACHE, status);
    };
    app.get('/', page);
    app.get('/index.html', page);
    // Hashed names: a changed file gets a new name, so a browser may keep each one for good. Set
    // after serveStatic answers (its onFound runs too late for c.header to reach the answer).
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) setAnswerHeader(c, 'Cache-Control', 'public, max-age=31536000, immutable');
    });
    // Precompressed .br/.gz from the build, by Accept-Encoding (Vary set by serveStatic or compressAnswers).
    // The server renderer's build (dist/server) and the manifest are for the service, not for browsers.
    const staticFiles = serveStatic({ root: dist, precompressed: true });
    app.use('*', (c, next) => (/^\/(server|\.vite)(\/|$)/i.test(c.req.path) ? next() : staticFiles(c, next)));
    app.get('*', page);
  } else {
    app.get('*', (c) => c.json({ error: 'The web app is not built. Run `npm run build`.' }, 404));
  }
  return app;
}
