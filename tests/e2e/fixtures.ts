import { expect, type Fixtures, type Page, type PlaywrightTestOptions } from '@playwright/test';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export const SCHOOL_NAME = 'Great Lakes Etiquette';
export const SCHOOL_FULL_NAME = 'Great Lakes School of Etiquette';
export const E2E_ADMIN_KEY = 'e2e-admin-key-123456';

/**
 * A browser where the administrator signed in before: the key kept in localStorage, as the gate
 * keeps it (web/admin/adminKey.ts). `test.use(ADMIN_SIGNED_IN)` in specs about the admin screens,
 * so each opens its screen at once instead of going through the gate and the dashboard first; the
 * gate itself, with a wrong, a missing, a rotated and the right key, is admin.spec.ts's.
 */
export const ADMIN_SIGNED_IN: Fixtures<object, object, PlaywrightTestOptions> = {
  storageState: async ({ baseURL }, use) => {
    await use({
      cookies: [],
      origins: [{ origin: baseURL!, localStorage: [{ name: 'adminKey', value: E2E_ADMIN_KEY }] }],
    });
  },
};

/** Every public route with a short name used for screenshots. */
export const PUBLIC_PAGES = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'programs', path: '/programs' },
  { name: 'program-detail', path: '/program/manners-and-me' },
  { name: 'program-not-found', path: '/program/no-such-program' },
  { name: 'contact', path: '/contact' },
  { name: 'schedule', path: '/schedule' },
  { name: 'scheduling', path: '/scheduling' },
  { name: 'events', path: '/events' },
  { name: 'not-found', path: '/this/page/does-not-exist' },
] as const;

export const SCREENSHOT_WIDTHS = [390, 1280] as const;

/**
 * Screenshots are for people to look at, not assertions: they are written only when SCREENSHOTS=1
 * (`npm run screenshots`), under screenshots/ (not committed). In `npm test` the helpers below
 * return at once, and the checks beside them (axe, a viewport's own expectations) still run.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const SCREENSHOT_DIR = resolve('screenshots');

interface ShotOptions {
  /** The widths to look at, each in turn; the viewport is put back afterwards. Default: the current one. */
  widths?: readonly number[];
  /** The viewport's height at those widths (default 844 below 600 px, else 800). */
  height?: number;
  /** The whole page, scrolled through first (default), or the viewport only. */
  fullPage?: boolean;
  /** False where the page runs no script (JavaScript off): no scrolling through. */
  scroll?: boolean;
}

/** Scrolls through the page (so scroll effects run), loads every lazy image and waits for them to decode. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo(0, 0);
    for (const img of document.images) img.loading = 'eager';
    const pending = [...document.images].filter((img) => !img.complete);
    const loaded = Promise.all(
      pending.map(
        (img) =>
          new Promise<void>((done) => {
            img.addEventListener('load', () => done(), { once: true });
            img.addEventListener('error', () => done(), { once: true });
          }),
      ),
    );
    await Promise.race([loaded, new Promise((r) => setTimeout(r, 5000))]);
  });
}

/**
 * With SCREENSHOTS=1, writes screenshots/<name>-<width>.png (a name may hold a folder, e.g.
 * `emails/…`) at each width asked for; otherwise does nothing.
 */
export async function screenshot(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  const { fullPage = true, scroll = true } = options;
  const before = page.viewportSize();
  const widths = options.widths ?? [before?.width ?? 0];
  for (const width of widths) {
    if (options.widths) {
      await page.setViewportSize({ width, height: options.height ?? (width < 600 ? 844 : 800) });
    }
    const file = join(SCREENSHOT_DIR, `${name}-${width}.png`);
    mkdirSync(dirname(file), { recursive: true });
    if (fullPage && scroll) await settle(page);
    await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  }
  if (options.widths && before) await page.setViewportSize(before);
}

/**
 * An axe run over the page as it is, made cheap without changing what it finds (a scan was seconds
 * on a busy machine, and the suite makes about a hundred):
 * - in the page itself (legacy mode): the default runs axe in each frame, then again in a new blank
 *   page to finish, injecting axe's 550 KB each time; the site has no frames (e2e pays offline,
 *   never through Stripe's);
 * - listing only violations: axe still runs every rule, but no longer names each node of every
 *   rule passed or not applicable (a third to a half of a scan's time on the schedule).
 */
export const axeScan = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/**
 * Runs axe with the WCAG 2.x A/AA rules and fails on any serious or critical violation. react-aria's
 * live announcer is left out: it keeps a node pointing at what it announced (a toast, a button's
 * pending state) for seven seconds, which axe reports once the thing announced is gone; a
 * library's transient, visually hidden node, not the page.
 */
export async function expectNoSeriousA11yViolations(page: Page, context = ''): Promise<void> {
  // Colours are judged as they settle, not halfway through a 150 ms transition (a button the mouse
  // happened to land on when the page changed): the theme drops transitions under reduced motion.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await axeScan(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .exclude('[data-live-announcer]')
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  expect(summary, `axe found serious/critical problems ${context}`).toEqual([]);
}

/**
 * Resolves once React has taken the server's markup over (`data-hydrated` on <html>, set when the
 * app, or every island of the page, has committed): a server-rendered page shows its buttons
 * before its script has run, and a key pressed on them before then does nothing.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !!document.documentElement.dataset.hydrated);
}

/**
 * Every island of the page live, as after a visitor's first touch: islands that wait for one (or
 * for the screen) wake at any pointerdown. For specs that read what the page shows by the
 * browser's clock (the server renders at its own minute).
 */
export async function allIslandsLive(page: Page): Promise<void> {
  await hydrated(page);
  await page.locator('body').dispatchEvent('pointerdown');
  await page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-island-hydrated])').length === 0);
}

/**
 * Opens a page the way a click inside the app does (history and the router, no new document), so
 * the page reads its data in the browser, where `page.route` can answer for the API; a page loaded
 * by address comes from the server with its data already in it.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  // A page the whole app hydrates (home is rendered as islands, with no router to follow history).
  await page.goto('/contact');
  await hydrated(page);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits for the page's single h1 and returns it. */
export async function expectOneH1(page: Page, name: string | RegExp) {
  const h1 = page.locator('h1');
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(name);
  return h1;
}

/** The toast region's visible toasts. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('alertdialog');
}

/**
 * The schedule as the API holds it now. Other specs share the server and add or book
 * workshops, so expected counts are worked out from this rather than hard-coded.
 */
export async function currentWorkshops(page: Page): Promise<Workshop[]> {
  const res = await page.request.get('/api/workshops');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Workshop[];
}

const SCHOOL_TZ = 'America/Chicago';
const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TZ,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const monthTitle = new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TZ, month: 'long', year: 'numeric' });
const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The seeded season as this server wrote it. The server seeds the specifications' ten workshops
 * moved to the next season not begun (whole 52-week steps, weekday and time kept), so their dates
 * depend on the day the suite runs: specs read them here instead of hard-coding 2025.
 */
export async function seededSeason(page: Page) {
  const all = await currentWorkshops(page);
  const byId = (id: string) => {
    const w = all.find((x) => x.id === id);
    if (!w) throw new Error(`seeded workshop ${id} is missing`);
    return w;
  };
  const seeded = all.filter((w) => /^([1-9]|10)$/.test(w.id));
  const first = Math.min(...seeded.map((w) => Date.parse(w.date)));
  return {
    all,
    byId,
    /** Six days before the first seeded workshop, 9 AM: every seeded workshop is upcoming. */
    before: new Date(first - 6 * 86_400_000),
    /** "Saturday, June 5, 2027": the day of a workshop as the site writes it (school time). */
    longDateOf: (id: string) => longDate.format(new Date(byId(id).date)),
    /** "2027-06-05": the school-time day of a workshop, as the schedule's ?date= takes it. */
    dayKeyOf: (id: string) => dayKey.format(new Date(byId(id).date)),
    /** "June 2027" */
    monthOf: (instant: number | string) => monthTitle.format(new Date(instant)),
    dayKeyOfInstant: (instant: string | number) => dayKey.format(new Date(instant)),
  };
}

/** A workshop written through the admin API (as the administrator's form sends it); answers its id. */
export async function createWorkshop(
  page: Page,
  fields: {
    title: string;
    category: string;
    date: string;
    time?: string;
    enrollmentClosesAt?: string;
    capacity?: number;
  },
): Promise<string> {
  const res = await page.request.post('/api/admin/workshops', {
    headers: { 'Admin-Key': E2E_ADMIN_KEY },
    data: {
      description: 'A workshop made by the end-to-end suite.',
      time: '6:00 PM - 8:00 PM',
      location: 'Plano, TX',
      price: 40,
      capacity: fields.capacity ?? 10,
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** An instant as the admin form's wall-clock value on the school's clock ("2026-03-14T23:30"). */
export function schoolWallClock(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The e2e server's DATA_DIR (playwright.config.ts), where the offline mailer writes its .eml files. */
export const OUTBOX = resolve(`.tmp/e2e-data-${process.env.E2E_RUN_ID}/outbox`);

/** The HTML part of an .eml, quoted-printable undone byte by byte and read as UTF-8, as a mail program does. */
export function htmlPart(eml: string): string | undefined {
  const part =
    /Content-Type: text\/html[^\r\n]*\r?\nContent-Transfer-Encoding: quoted-printable\r?\n\r?\n([\s\S]*?)(?<![=\r])\r?\n--/.exec(
      eml,
    )?.[1];
  if (!part) return undefined;
  const soft = part.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The .eml as the parent's mail program reads it: quoted-printable and base64 parts decoded. */
export function decodedParts(eml: string): string {
  const unfolded = eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = [
    ...eml.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ]
    .map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${unfolded}\n${base64}`;
}

/**
 * The decoded text of the first outbox message whose file name starts with `prefix` and that
 * `matches`, once the mailer has written it (reactors send shortly after the request).
 */
export async function outboxMessage(
  prefix: string,
  matches: (text: string) => boolean,
  outbox = OUTBOX,
): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        for (const file of await readdir(outbox).catch(() => [] as string[])) {
          if (!file.startsWith(prefix) || !file.endsWith('.eml')) continue;
          const text = decodedParts(await readFile(join(outbox, file), 'utf8'));
          if (matches(text)) return (found = text);
        }
        return '';
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return found;
}
