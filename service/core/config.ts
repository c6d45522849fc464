import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { TrustProxyError, parseTrustedProxies } from './client-address.js';
import { DEFAULT_REVIEWS_MIN_COUNT } from '../../contracts/catalogue/rating.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** A limit that is a number, or `off` (benchmarks, private installs): null then means "no limit". */
const limit = (schema: z.ZodNumber, fallback: number) =>
  z.union([z.literal('off').transform(() => null), z.coerce.number().pipe(schema)]).default(fallback);

const trustProxy = z.string().superRefine((v, ctx) => {
  try {
    parseTrustedProxies(v);
  } catch (err) {
    if (!(err instanceof TrustProxyError)) throw err;
    ctx.addIssue({
      code: 'custom',
      message: `${err.message}; give a comma-separated list of proxy addresses or CIDR ranges`,
    });
  }
});

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: a server reachable from elsewhere must say its public address (PUBLIC_URL). */
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_KEY: z.string().min(12, 'must be at least 12 characters').optional(),
  EVENTSTORE_URL: url(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kdb', 'kdb+discover']).optional(),
  MONGODB_URL: url(['mongodb', 'mongodb+srv']).optional(),
  MONGODB_DB: z.string().min(1).default('etiquette'),
  /** `stripe` or `offline`; unset means Stripe when STRIPE_SECRET_KEY is set, else offline (embedded default only). */
  PAYMENTS: z.enum(['stripe', 'offline']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must look like sk_test_… or sk_live_…')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must look like pk_test_… or pk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must look like whsec_…')
    .optional(),
  /** Where the Stripe SDK connects; only for tests against a local stub. */
  STRIPE_API_BASE: z.string().url().optional(),
  HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  /** How long a waitlist offer holds its seats for the parent it was made to. */
  WAITLIST_OFFER_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 14)
    .default(24),
  /** A confirmed enrollment gets one reminder e-mail once its workshop is less than this many hours away. */
  REMINDER_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(48),
  /** `off`: no note to a parent whose unpaid hold lapsed (issue 43); `on` by default. */
  LAPSED_HOLD_NOTE: z.enum(['on', 'off']).default('on'),
  /** Announcement e-mails sent per minute at most, so a long list does not flood the mail server. */
  NEWSLETTER_SEND_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** How often finished bookings are looked at for a review request (the issue: within five minutes of the end). */
  REVIEW_ASK_EVERY_SECONDS: z.coerce.number().int().min(1).max(300).default(60),
  /** An organization's coordinator can name and replace attendees until this many hours before the first session (issue 39). */
  GROUP_NAMES_CUTOFF_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(48),
  /** Cancelling at least this many days before the start refunds in full; later, nothing (the /terms page says so). */
  CANCELLATION_FULL_REFUND_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /**
   * A private lesson or party cancelled at least this many hours before it starts is refunded in
   * full, and may be moved online until then; later, nothing back and the office moves it (issue 38).
   */
  LESSON_FULL_REFUND_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(24),
  /** A make-up credit from an absence can be booked this many days after the session missed ends. */
  MAKEUP_VALID_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * A child's dietary, medical and emergency-contact details are erased this many days after the
   * last session of their booking, unless a child of it has a later one (service/privacy/retention-timer.ts).
   */
  SAFETY_DATA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Stars show from this many ratings in all (published reviews and baseline); below, the count only. */
  REVIEWS_MIN_COUNT: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_REVIEWS_MIN_COUNT),
  /**
   * Where `npm run backup` writes its dated folders, and where every erasure is also written down
   * (`erasure-ledger.jsonl`), so a backup restored later is erased again (service/privacy/ledger.ts).
   */
  BACKUP_DIR: z.string().optional(),
  /** How many dated backups `npm run backup` keeps; older ones are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /**
   * `season` moves the seeded workshops to the next season not begun when the catalogue is first
   * written; `specification` keeps the specifications' 2025 dates (service/catalogue/season.ts).
   */
  SEED_DATES: z.enum(['season', 'specification']).default('season'),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('Great Lakes Etiquette <hello@greatlakesetiquette.com>'),
  /** Where the owner is told of each change to the administrators; the address of MAIL_FROM when unset. */
  OWNER_EMAIL: z.string().trim().pipe(z.email('must be one e-mail address, e.g. owner@example.com')).optional(),
  TEST_PAGES: bool.default(false),
  /**
   * This process serves a test run (the int tests' servers, Playwright's): only then does
   * `GET /api/test/outbox/:orderId` exist, which tells what was e-mailed for an order number.
   * Never on by default, whatever the payment provider; refused beside a live Stripe key.
   */
  TEST_RUN: bool.default(false),
  /**
   * Where the API process's projections run: `thread` (embedded default), a worker thread of the
   * API process on the second core; `inline`, beside the requests on the API's thread; `external`
   * (default with the production stores), left to `npm run projector`.
   */
  PROJECTIONS: z.enum(['thread', 'inline', 'external']).optional(),
  /**
   * The site's public address: links in e-mails, canonical links, share cards, the sitemap and
   * robots.txt. Required unless HOST is a loopback address (then http://localhost:<PORT>).
   */
  PUBLIC_URL: url(['http', 'https']).pipe(z.string().url()).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Reverse proxies whose X-Forwarded-For is believed (service/core/client-address.ts). */
  TRUST_PROXY: trustProxy.optional(),
  /** Token bucket per client address on anonymous writes: size of a burst, and refill per minute. */
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(10_000).default(10),
  RATE_LIMIT_PER_MINUTE: limit(z.number().positive().max(100_000), 20),
  /** Seats one client address may hold unpaid at a time, across workshops. */
  MAX_HELD_SEATS_PER_CLIENT: limit(z.number().int().min(1).max(10_000), 10),
  /** Free seats one client address, and one e-mail, may take in one workshop (a workshop may set its own). */
  MAX_FREE_SEATS_PER_CLIENT: limit(z.number().int().min(1).max(10_000), 5),
  /** Places one client address may ask for on one workshop's waitlist, while they are in the line. */
  MAX_WAITLIST_ENTRIES_PER_CLIENT: limit(z.number().int().min(1).max(10_000), 3),
  /**
   * Key that signs the parents' booking links (`/booking/<token>`); changing it revokes every link
   * sent. Generated once into DATA_DIR on the embedded default; required otherwise.
   */
  BOOKING_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key of the keyed hashes that stand for client addresses and e-mails in events; derived from ADMIN_KEY when unset. */
  PSEUDONYM_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type RawConfig = z.infer<typeof ConfigSchema>;

export interface Config extends RawConfig {
  /** True when neither EventStoreDB nor MongoDB is configured: SQLite files under DATA_DIR. */
  embedded: boolean;
  payments: 'stripe' | 'offline';
  /** PROJECTIONS as it applies: `thread` on the embedded default, `external` with the production stores. */
  projections: 'thread' | 'inline' | 'external';
  testPages: boolean;
  /** BACKUP_DIR, or a folder beside DATA_DIR named after it (`./data-backups`). */
  backupDir: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface LoadOptions {
  /**
   * False for processes that never take a payment (the projector, the projections CLI): the
   * payment checks are the API's. Default true.
   */
  takesPayments?: boolean;
  /** False for processes that send no e-mail and serve no booking page (the projector, the CLI). Default true. */
  signsBookingLinks?: boolean;
  /** False for processes that serve no HTTP (the projector, the CLI): HOST and PUBLIC_URL are the API's. Default true. */
  listens?: boolean;
  /**
   * True for a process that runs the effects without serving HTTP (the projector service): its
   * e-mails link to the site, so outside the embedded default it must be told PUBLIC_URL.
   */
  sendsEmail?: boolean;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

type Env = Record<string, string | undefined>;

/** Reads and validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Env = process.env, options: LoadOptions = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const embedded = !raw.EVENTSTORE_URL && !raw.MONGODB_URL;
  const problems = options.takesPayments === false ? [] : paymentProblems(raw, embedded);
  if (!embedded && !raw.ADMIN_KEY) problems.push('ADMIN_KEY: is required when EVENTSTORE_URL or MONGODB_URL is set');
  if (!embedded && !raw.BOOKING_LINK_SECRET && options.signsBookingLinks !== false)
    problems.push(
      "BOOKING_LINK_SECRET: is required when EVENTSTORE_URL or MONGODB_URL is set (it signs the parents' booking links; the same on every API process), e.g. openssl rand -base64 48",
    );
  if (options.listens !== false && !raw.PUBLIC_URL && !isLoopbackHost(raw.HOST))
    problems.push(
      `PUBLIC_URL: is required when HOST is not a loopback address (HOST=${raw.HOST}): set it to the address visitors use, e.g. https://www.example.com. Links in e-mails, canonical links, share cards, the sitemap and robots.txt name it, never the Host a request claims`,
    );
  if (options.sendsEmail && options.listens === false && !embedded && !raw.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL: is required for the projector service, which sends the e-mails: set it to the address visitors use, e.g. https://www.example.com (the same as the API processes)',
    );
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const payments = raw.PAYMENTS ?? (raw.STRIPE_SECRET_KEY ? 'stripe' : 'offline');
  return {
    ...raw,
    embedded,
    payments,
    projections: raw.PROJECTIONS ?? (embedded ? 'thread' : 'external'),
    testPages: payments === 'offline' || raw.TEST_PAGES,
    backupDir: raw.BACKUP_DIR ?? `${raw.DATA_DIR.replace(/\/+$/, '')}-backups`,
  };
}

const isLiveKey = (key: string | undefined) => Boolean(key && /^(sk|rk)_live_/.test(key));

/**
 * Payments are never switched off by accident: outside the embedded default, no Stripe keys is a
 * refusal unless PAYMENTS=offline says so, and the test pages never run beside a live key.
 */
function paymentProblems(raw: RawConfig, embedded: boolean): string[] {
  const problems: string[] = [];
  const wantsStripe = raw.PAYMENTS === 'stripe' || (raw.PAYMENTS === undefined && (raw.STRIPE_SECRET_KEY || !embedded));
  if (wantsStripe && !raw.STRIPE_SECRET_KEY) {
    problems.push(
      embedded
        ? 'STRIPE_SECRET_KEY: is required when PAYMENTS=stripe; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET'
        : 'STRIPE_SECRET_KEY: payments are not configured. With EVENTSTORE_URL or MONGODB_URL set, set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take card payments, or set PAYMENTS=offline to run on test cards where nobody is charged',
    );
  }
  if (wantsStripe && !raw.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: is required with Stripe payments (the signing secret of the /api/webhook endpoint, whsec_…), or set PAYMENTS=offline',
    );
  }
  if (raw.TEST_RUN && isLiveKey(raw.STRIPE_SECRET_KEY)) {
    problems.push(
      'TEST_RUN: cannot be true with a live Stripe key (sk_live_… or rk_live_…): it opens the test outbox, which tells what was e-mailed for an order. Unset TEST_RUN',
    );
  }
  if (raw.TEST_PAGES && isLiveKey(raw.STRIPE_SECRET_KEY)) {
    problems.push(
      'TEST_PAGES: cannot be true with a live Stripe key (sk_live_… or rk_live_…): the test pages would create real charges. Unset TEST_PAGES, or use a test key (sk_test_…)',
    );
  }
  return problems;
}

/** For entry points: the configuration, or the message naming the bad variable and exit code 78 (EX_CONFIG). */
export function loadConfigOrExit(env: Env = process.env, options: LoadOptions = {}): Config {
  try {
    return loadConfig(env, options);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(err.message + '\n');
      process.exit(78);
    }
    throw err;
  }
}
