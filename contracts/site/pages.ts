import { WorkshopCategorySchema } from '../catalogue/workshop.js';
import { PROGRAM_FILTERS } from '../catalogue/program-filters.js';
import { INQUIRY_SENT } from '../inquiries/sent.js';

/**
 * Every page of the site, declared once. Everything else is derived from this table: the web
 * app's route objects (web/routes.tsx), the server's page matching and status codes, robots.txt
 * and the sitemap, the reads the server renderer answers, its page cache key and the build's
 * island entries (vite.config.ts). tests/architecture refuses a page declared anywhere else.
 * Adding a page is one entry here and its component (README.md, "Adding a page").
 */

/**
 * How a page reaches the browser:
 * - `islands`: rendered by the server with its data; only its islands hydrate (pages parents read).
 * - `app`: rendered by the server with its data; the whole app hydrates it (forms throughout).
 * - `client`: the app's bare shell, rendered in the browser (admin, payment, links with secrets).
 */
export type PageRender = 'islands' | 'app' | 'client';

/**
 * What search engines are told: `sitemap`, listed in the sitemap (a dynamic page once per record
 * of its lookup); `allow`, open but not listed (an alias whose canonical address is another page);
 * `disallow`, kept out by robots.txt.
 */
export type PageRobots = 'sitemap' | 'allow' | 'disallow';

/** The read model a dynamic page's parameter must name a record of; else the page answers 404. */
export type PageLookup = 'program' | 'workshop' | 'location';

/**
 * The reads a server-rendered page shows, named by the query each API route answers them with
 * (`GET /api/programs`: listPrograms; `GET /api/programs/:id`: findProgram, by the page's `slug`;
 * `GET /api/workshops`: listWorkshops; `GET /api/workshops/:id`: findWorkshop, by the page's `id`;
 * `GET /api/programs/:id/reviews`: listProgramReviews, by the page's `slug`;
 * `GET /api/policies`: policiesOf; `GET /api/pricing-settings`: pricingSettings;
 * `GET /api/locations/:slug`: findLocation, by the page's `slug`; `GET /api/locations`: listLocations). The service answers each from its read models
 * (service/site/page-reads.ts), the web app puts it under its query key.
 */
export const PAGE_READS = [
  'listPrograms',
  'findProgram',
  'listProgramReviews',
  'listWorkshops',
  'findWorkshop',
  'policiesOf',
  'pricingSettings',
  'findLocation',
  'listLocations',
] as const;
export type PageRead = (typeof PAGE_READS)[number];

/**
 * Every island, by name: the module under web/ that exports it under that same name. The build
 * makes each its own entry chunk (exports kept); the server finds that chunk and its imports in
 * the build manifest and names them in the page's data; the browser loads what the page names.
 */
export const ISLANDS = {
  Header: 'layout/Header.tsx',
  HeroCarousel: 'catalogue/HeroCarousel.tsx',
  ProgramCardShare: 'catalogue/ProgramCardShare.tsx',
  ShareProgram: 'catalogue/ShareProgram.tsx',
  ScheduleDatePicker: 'catalogue/ScheduleDatePicker.tsx',
  ScheduleList: 'catalogue/ScheduleList.tsx',
  EventFilters: 'catalogue/EventFilters.tsx',
  EventList: 'catalogue/EventList.tsx',
  ReloadButton: 'catalogue/ReloadButton.tsx',
  EnrollView: 'enrollment/EnrollView.tsx',
  CheckoutView: 'enrollment/CheckoutView.tsx',
  NewsletterSignup: 'newsletter/NewsletterSignup.tsx',
} as const;

export type IslandName = keyof typeof ISLANDS;

export const isIslandName = (name: string): name is IslandName => Object.hasOwn(ISLANDS, name);

/** Islands any page rendered as islands may show: the layout's header and footer sign-up, and Try again on a read that failed. */
export const COMMON_ISLANDS: readonly IslandName[] = ['Header', 'ReloadButton', 'NewsletterSignup'];

/**
 * A query parameter a server-rendered page reads: its values (any other is dropped, as the page
 * ignores it), or `day`, a calendar day (2025-06-07). Parameters a page does not declare are
 * dropped before it is rendered: they cannot change it, so they cannot force a render either.
 */
export type QueryParam = readonly string[] | 'day' | 'slug';

/** A program's slug as the address names it (`/schedule?program=manners-and-me`). */
const isSlug = (value: string) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 120;

export interface Page {
  /** As the client router writes it: `/program/:slug`. Matched case-insensitively, with or without a trailing slash. */
  path: string;
  /** Its component's module under web/, which exports it under the file's name (`SchedulePage` in `SchedulePage.tsx`). */
  module: string;
  render: PageRender;
  robots: PageRobots;
  lookup?: PageLookup;
  /** What the server loads for it, in this order (server-rendered pages only). */
  reads?: readonly PageRead[];
  /** The query parameters it reads, in the order of its cache key (server-rendered pages only). */
  query?: Readonly<Record<string, QueryParam>>;
  /** The islands it shows besides COMMON_ISLANDS (`render: 'islands'` only). */
  islands?: readonly IslandName[];
  /**
   * Its address names one family's own record (the checkout's enrollment): answered `private,
   * no-store`, so no cache keeps it under that address. What the server renders (and keeps) never
   * holds it: the query is not the page's (see `query`), the page's island reads it in the browser.
   */
  personal?: true;
  /**
   * It shows a signed-in parent's own family (the enroll form's saved children): asked with a
   * session, it is rendered for that family alone from its first paint (`RenderRequest.account`),
   * answered `private, no-store` and never kept; asked without, it is the page everyone gets,
   * answered `private, no-cache` so a browser that signs in meanwhile never shows its older copy.
   */
  family?: true;
}

const CATALOGUE_FILTERS = { category: WorkshopCategorySchema.options, date: 'day' } as const;
/** The schedule also narrows to one program's offerings, or to one location's classes (issue 41 item 4). */
const SCHEDULE_FILTERS = { ...CATALOGUE_FILTERS, program: 'slug', location: 'slug' } as const;

export const PAGES = [
  { path: '/', module: 'catalogue/HomePage.tsx', render: 'islands', robots: 'sitemap', islands: ['HeroCarousel'] },
  {
    path: '/about',
    module: 'site/AboutPage.tsx',
    render: 'app',
    robots: 'sitemap',
    query: { sent: [INQUIRY_SENT.consultation] },
  },
  {
    path: '/programs',
    module: 'catalogue/ProgramsPage.tsx',
    render: 'islands',
    robots: 'sitemap',
    reads: ['listPrograms'],
    query: { category: PROGRAM_FILTERS },
    islands: ['ProgramCardShare'],
  },
  {
    path: '/program/:slug',
    module: 'catalogue/ProgramDetailPage.tsx',
    render: 'islands',
    robots: 'sitemap',
    lookup: 'program',
    reads: ['findProgram', 'listWorkshops', 'listProgramReviews', 'listLocations'],
    islands: ['ShareProgram'],
  },
  {
    path: '/contact',
    module: 'inquiries/ContactPage.tsx',
    render: 'app',
    robots: 'sitemap',
    reads: ['listLocations'],
    query: { sent: [INQUIRY_SENT.contact] },
  },
  {
    path: '/schedule',
    module: 'catalogue/SchedulePage.tsx',
    render: 'islands',
    robots: 'sitemap',
    reads: ['listWorkshops', 'listPrograms', 'listLocations'],
    query: SCHEDULE_FILTERS,
    islands: ['ScheduleDatePicker', 'ScheduleList'],
  },
  {
    path: '/events',
    module: 'catalogue/EventsPage.tsx',
    render: 'islands',
    robots: 'sitemap',
    reads: ['listWorkshops', 'listLocations'],
    query: { ...CATALOGUE_FILTERS, location: 'slug' },
    islands: ['EventFilters', 'EventList'],
  },
  {
    // A page per location (issue 41 item 4): its address, hours, rooms and upcoming classes.
    path: '/locations/:slug',
    module: 'locations/LocationPage.tsx',
    render: 'islands',
    robots: 'sitemap',
    lookup: 'location',
    reads: ['findLocation', 'listWorkshops'],
  },
  { path: '/terms', module: 'policies/TermsPage.tsx', render: 'islands', robots: 'sitemap', reads: ['policiesOf'] },
  { path: '/privacy', module: 'policies/PrivacyPage.tsx', render: 'islands', robots: 'sitemap', reads: ['policiesOf'] },
  { path: '/waitlist/leave', module: 'waitlist/LeaveWaitlistPage.tsx', render: 'client', robots: 'disallow' },
  { path: '/waitlist/confirm', module: 'waitlist/ConfirmWaitlistPage.tsx', render: 'client', robots: 'disallow' },
  {
    path: '/scheduling',
    module: 'catalogue/SchedulePage.tsx',
    render: 'islands',
    robots: 'allow',
    reads: ['listWorkshops', 'listPrograms', 'listLocations'],
    query: SCHEDULE_FILTERS,
    islands: ['ScheduleDatePicker', 'ScheduleList'],
  },
  { path: '/code-of-conduct', module: 'policies/CodeOfConductPage.tsx', render: 'app', robots: 'sitemap' },
  // A form throughout (the card, then its payment): rendered by the server, the whole app hydrates it.
  { path: '/gift-cards', module: 'gift-cards/GiftCardsPage.tsx', render: 'app', robots: 'sitemap' },
  { path: '/photography-release', module: 'policies/PhotographyReleasePage.tsx', render: 'app', robots: 'sitemap' },
  {
    path: '/enroll/:id',
    module: 'enrollment/EnrollPage.tsx',
    render: 'islands',
    robots: 'sitemap',
    lookup: 'workshop',
    reads: ['findWorkshop', 'pricingSettings'],
    islands: ['EnrollView'],
    family: true,
  },
  {
    path: '/checkout/:id',
    module: 'enrollment/CheckoutPage.tsx',
    render: 'islands',
    robots: 'disallow',
    lookup: 'workshop',
    reads: ['findWorkshop'],
    islands: ['CheckoutView'],
    personal: true,
  },
  { path: '/payment-success', module: 'enrollment/PaymentSuccessPage.tsx', render: 'client', robots: 'disallow' },
  { path: '/order-confirmation', module: 'enrollment/OrderConfirmationPage.tsx', render: 'client', robots: 'disallow' },
  { path: '/payment-test', module: 'enrollment/testing/PaymentTestPage.tsx', render: 'client', robots: 'disallow' },
  { path: '/test-charge', module: 'enrollment/testing/TestChargePage.tsx', render: 'client', robots: 'disallow' },
  {
    path: '/enrollment-test',
    module: 'enrollment/testing/EnrollmentTestPage.tsx',
    render: 'client',
    robots: 'disallow',
  },
  {
    path: '/free-enrollment-test',
    module: 'enrollment/testing/FreeEnrollmentTestPage.tsx',
    render: 'client',
    robots: 'disallow',
  },
  { path: '/admin', module: 'admin/AdminDashboardPage.tsx', render: 'client', robots: 'disallow' },
  { path: '/admin/enrollments', module: 'admin/EnrollmentTrackerPage.tsx', render: 'client', robots: 'disallow' },
  { path: '/admin/enrollments/:id', module: 'admin/EnrollmentDetailPage.tsx', render: 'client', robots: 'disallow' },
  { path: '/admin/workshops/:id/roster', module: 'admin/RosterPage.tsx', render: 'client', robots: 'disallow' },
  { path: '/booking/:token', module: 'booking/BookingPage.tsx', render: 'client', robots: 'disallow' },
  // Issue 38: a private lesson booked against the instructors' free times, and its own page by its signed link.
  {
    path: '/private-lessons/:programId',
    module: 'appointments/BookAppointmentPage.tsx',
    render: 'client',
    robots: 'disallow',
  },
  { path: '/appointment/:token', module: 'appointments/AppointmentPage.tsx', render: 'client', robots: 'disallow' },
  // An organization's quote and invoice, by their signed links (issue 39).
  { path: '/quote/:token', module: 'organizations/QuotePage.tsx', render: 'client', robots: 'disallow' },
  { path: '/invoice/:token', module: 'organizations/InvoicePage.tsx', render: 'client', robots: 'disallow' },
  // A review link carries its secret: the app's shell, the review read in the browser.
  { path: '/review/:token', module: 'reviews/ReviewPage.tsx', render: 'client', robots: 'disallow' },
  // The family page asks the server who is signed in (an HttpOnly cookie), so it is the same shell for all.
  { path: '/account', module: 'account/AccountPage.tsx', render: 'client', robots: 'disallow' },
  { path: '/account/sign-in/:token', module: 'account/SignInLinkPage.tsx', render: 'client', robots: 'disallow' },
] as const satisfies readonly Page[];

/** What any path the site does not have shows (with 404), rendered by the server as islands. */
export const NOT_FOUND_PAGE: Page = { path: '*', module: 'site/NotFound.tsx', render: 'islands', robots: 'allow' };

/** Rendered by the server (with its data), rather than the app's bare shell. */
export const isServerRendered = (page: Page) => page.render !== 'client';

export interface PageMatch {
  route: Page;
  /** The path's parameters, decoded. */
  params: Record<string, string>;
}

const compiled = PAGES.map((route: Page) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  // As the client router: case-insensitive, with or without a trailing slash.
  return { route, names, pattern: new RegExp(`^/${source}${source ? '/?' : ''}$`, 'i') };
});

/** The page a path opens, with its parameters, or null for a path the site does not have. */
export function matchPage(path: string): PageMatch | null {
  for (const { route, names, pattern } of compiled) {
    const m = pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    try {
      names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
    } catch {
      return null; // a malformed escape is no page
    }
    return { route, params };
  }
  return null;
}

const isDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * The query string a page is rendered for: its own parameters only, in its declared order, each
 * with its first value when the page would read it, every other one dropped. `?x=1` and
 * `?date=2025-06-07&category=teen&utm_source=mail` thus render (and are kept) as `` and
 * `?category=teen&date=2025-06-07`: whatever is added to the address, the page is one of few.
 */
export function pageSearch(page: Page, search: string): string {
  if (!page.query || !search || search === '?') return '';
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, accepts] of Object.entries(page.query)) {
    const value = given.get(name);
    if (value === null) continue;
    if (accepts === 'day' ? isDay(value) : accepts === 'slug' ? isSlug(value) : accepts.includes(value))
      kept.set(name, value);
  }
  const out = kept.toString();
  return out ? `?${out}` : '';
}

/** The start of a path robots.txt names for a page: up to its first parameter (`/checkout/:id` → `/checkout/`). */
const robotsPrefix = (path: string) => {
  const param = path.indexOf('/:');
  return param < 0 ? path : path.slice(0, param + 1);
};

/** What robots.txt keeps crawlers from: the API and every `disallow` page, none repeated under a shorter one. */
export function robotsDisallowed(): string[] {
  const prefixes = ['/api/', ...PAGES.filter((p: Page) => p.robots === 'disallow').map((p) => robotsPrefix(p.path))];
  return [...new Set(prefixes)].filter((p, _, all) => !all.some((q) => q !== p && p.startsWith(q)));
}

/** The islands a page may show: the common ones and its own. */
export const islandsOf = (page: Page): readonly IslandName[] => [...COMMON_ISLANDS, ...(page.islands ?? [])];
