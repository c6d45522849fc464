// First, as in the server's entry: the servers measured here load React's production build, as `npm start` does.
import '../service/core/production-by-default.js';
import { cpus } from 'node:os';
import { benchEventStore } from './eventstore.js';
import { benchProjections } from './projections.js';
import { benchApi } from './api.js';
import { benchWebBundle } from './web-bundle.js';
import { benchLighthouse } from './lighthouse.js';
import { benchEnrollment } from './enrollment.js';
import { benchPricing } from './pricing.js';
import { benchAdmin } from './admin.js';
import { benchWaitlist } from './waitlist.js';
import { benchRoster } from './roster.js';
import { benchMakeups } from './makeups.js';
import { benchStartup } from './startup.js';
import { benchForcedRenders } from './forced-renders.js';
import { benchPrivacy } from './privacy.js';
import { benchEmail } from './email.js';
import { benchReports } from './reports.js';

/**
 * `npm run bench`: prints figures, one section at a time. Benchmarks measure; tests never time.
 * Each section runs on its own temporary stores.
 */
type Section = [name: string, run: () => Promise<Record<string, string | number | Record<string, string | number>>>];

const sections: Section[] = [
  ['start-up (compiled server, embedded default)', benchStartup],
  ['event store (SQLite, each append on disk before it settles)', benchEventStore],
  ['projection rebuild (SQLite)', benchProjections],
  ['privacy: personal fields encrypted vs in clear (SQLite)', benchPrivacy],
  ['HTTP API', benchApi],
  ['forced renders: 50 clients, random query strings, /health measured (built app)', benchForcedRenders],
  ['web bundle', benchWebBundle],
  ['lighthouse (mobile preset, public pages, the enroll form and the checkout)', benchLighthouse],
  ['enrollment POST (real HTTP, projections running)', benchEnrollment],
  ['pricing: enrollments with a code and a gift card on one workshop (real HTTP)', benchPricing],
  ['admin tracker over 10,000 enrollments', benchAdmin],
  ['workshop roster: 50 seats, and one session of a 20-session course, over 10,000 enrollments (SQLite)', benchRoster],
  ['make-ups: 300 at once for one session with 3 free seats (SQLite)', benchMakeups],
  ['waitlist: 1,000 entries, 100 seats freed at once (SQLite, outbox)', benchWaitlist],
  ['reports: each over a year of 100,000 bookings, and the rebuild of their read models (SQLite)', benchReports],
  ['email: CPU ms per e-mail, by kind and part (render, PDF, calendar and text, MIME, total)', benchEmail],
];

// BENCH_ONLY=rebuild,enrollment runs the sections whose names contain one of the words (to compare two commits quickly).
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const chosen = only.length ? sections.filter(([name]) => only.some((w) => name.toLowerCase().includes(w))) : sections;

console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`);
for (const [name, run] of chosen) {
  console.log(`\n== ${name} ==`);
  try {
    console.table(await run());
  } catch (err) {
    console.log(`failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
