import { installmentTimer } from './enrollment/installments/installment-timer.js';
import { installmentReactors } from './enrollment/installment-reactors.js';
import { makeupsReactor } from './courses/makeups-reactor.js';
import { classTimeReactor } from './instructors/class-time-reactor.js';
import { roomTimeReactor } from './locations/room-time-reactor.js';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Config } from './core/config.js';
import type { EventStore } from '../platform/eventstore/port.js';
import type { ReadStore } from '../platform/readstore/port.js';
import { validatingEventStore } from '../platform/eventstore/validating.js';
import { encryptingEventStore, type EncryptingEventStore } from '../platform/eventstore/encrypting.js';
import { eventSchemas } from '../contracts/events.js';
import { privacyRegistry } from '../contracts/privacy/registry.js';
import type { KeyStore } from '../platform/keystore/port.js';
import { CachedKeyStore } from '../platform/keystore/cached.js';
import { pseudonymsFor } from './core/pseudonyms.js';
import { ensurePrivateDir } from '../platform/private-files.js';
import type { RateLimitStore } from '../platform/ratelimit/port.js';
import { MemoryRateLimitStore } from '../platform/ratelimit/memory.js';
import { FallbackRateLimitStore } from '../platform/ratelimit/fallback.js';
import { createLogger, type Logger } from '../platform/log.js';
import type { PaymentsPort } from './payments/port.js';
import { OfflinePayments } from './payments/offline-adapter.js';
import { StripePayments } from './payments/stripe-adapter.js';
import type { Mailer } from './mail/port.js';
import { OutboxMailer, outboxDir } from './mail/outbox.js';
import { SmtpMailer } from './mail/smtp.js';
import { CommandHandler } from '../platform/command/handler.js';
import { enrollmentStreamPolicies } from './enrollment/stream-policies.js';
import type { AnyReactor } from '../platform/processor/reactor.js';
import type { AppDeps, ProjectionWaiter } from './core/deps.js';
import { confirmationEmailReactor } from './enrollment/emails/confirmation-email-reactor.js';
import { confirmationResendReactor } from './enrollment/emails/confirmation-resend-reactor.js';
import { balanceReceiptReactor } from './enrollment/emails/balance-receipt-reactor.js';
import { refundsReactor } from './enrollment/after-sale/refunds-reactor.js';
import { afterSaleSeatsReactor } from './enrollment/after-sale/after-sale-seats-reactor.js';
import { afterSaleEmailReactor } from './enrollment/emails/after-sale-email-reactor.js';
import { rescheduleReactor } from './enrollment/after-sale/reschedule-reactor.js';
import { waitlistOfferReactor } from './waitlist/offer-reactor.js';
import { waitlistOfferEmailReactor } from './waitlist/offer-email-reactor.js';
import { waitlistJoinEmailReactor } from './waitlist/join-email-reactor.js';
import { workshopMessageEmailReactor } from './messages/message-email-reactor.js';
import { waitlistStreamPolicies } from './waitlist/stream-policies.js';
import { administratorChangeEmailReactor } from './admin/administrator-change-email-reactor.js';
import { checkoutReactor } from './enrollment/checkout/checkout-reactor.js';
import { giftCardEmailReactor } from './gift-cards/gift-card-email-reactor.js';
import { giftCardReceiptReactor } from './gift-cards/gift-card-receipt-reactor.js';
import { inquiryOfficeEmailReactor } from './inquiries/office-email-reactor.js';
import { absenceEmailReactor } from './courses/absence-email-reactor.js';
import { makeupEmailReactor } from './courses/makeup-email-reactor.js';
import { pricingStreamPolicies } from './pricing/stream-policies.js';
import { giftCardStreamPolicies } from './gift-cards/stream-policies.js';
import { numberingStreamPolicies } from './organizations/numbering-decider.js';
import { invoiceSeatsReactor } from './organizations/invoice-seats-reactor.js';
import { organizationReactors } from './organizations/reactors.js';
import { privacyScrubReactor } from './privacy/scrub-reactor.js';
import { bookingLinkEmailReactor } from './booking/booking-link-email-reactor.js';
import { parentInvitedEmailReactor } from './account/parent-invited-email-reactor.js';
import { lapsedHoldNoteReactor } from './enrollment/lapsed-hold/lapsed-hold-note-reactor.js';
import { newsletterConfirmationReactor } from './newsletter/confirmation-email-reactor.js';
import { newsletterErasureReactor } from './newsletter/erasure-reactor.js';
import { announcementTestReactor } from './newsletter/announcement-test-reactor.js';
import { announcementTimer } from './newsletter/announcement-sender.js';
import { reviewRequestEmailReactor } from './reviews/review-request-email-reactor.js';
import { certificateReactors } from './certificates/reactors.js';
import type { AnyTimer } from '../platform/processor/timer.js';
import { holdTimer } from './enrollment/sale/hold-timer.js';
import { appointmentCheckoutReactor } from './appointments/checkout/appointment-checkout-reactor.js';
import { appointmentHoldTimer } from './appointments/checkout/appointment-hold-timer.js';
import { appointmentEmailReactors } from './appointments/emails/reactors.js';
import { reminderTimer } from './enrollment/emails/reminder-timer.js';
import { waitlistLapseTimer } from './waitlist/lapse-timer.js';
import { giftCardEmailTimer } from './gift-cards/gift-card-email-timer.js';
import { balanceReminderTimer } from './enrollment/emails/balance-reminder-timer.js';
import { retentionTimer } from './privacy/retention-timer.js';
import { invoiceReminderTimer } from './organizations/invoice-reminder-timer.js';
import { reviewAskTimer } from './reviews/review-ask-timer.js';

export interface Stores {
  /** Validated, with personal fields encrypted at rest and decrypted as read (see `encryption`). */
  eventStore: EventStore;
  /** The encrypting layer under `eventStore`, over the adapter's raw events (the migration reads these). */
  encryption: EncryptingEventStore;
  /** The data subjects' keys (SQLite `DATA_DIR/keys.db`, or MongoDB's `privacy_keys`), cached per process. */
  keys: KeyStore;
  readStore: ReadStore;
  /** Rate-limit buckets: in MongoDB when it is configured (shared by every API process), else in memory. */
  rateLimits: RateLimitStore;
  close(): Promise<void>;
}

/**
 * Chooses the adapters from configuration only: EventStoreDB when EVENTSTORE_URL is set, MongoDB
 * when MONGODB_URL is set, otherwise SQLite files under DATA_DIR. Nothing else knows which runs.
 */
export async function openStores(config: Config): Promise<Stores> {
  // Owner-only: the SQLite files, the outbox and the offline provider's store hold personal data.
  if (!config.EVENTSTORE_URL || !config.MONGODB_URL) ensurePrivateDir(config.DATA_DIR);

  let raw: EventStore;
  if (config.EVENTSTORE_URL) {
    const { EsdbEventStore } = await import('../platform/eventstore/esdb.js');
    raw = new EsdbEventStore(config.EVENTSTORE_URL);
  } else {
    const { SqliteEventStore } = await import('../platform/eventstore/sqlite.js');
    raw = new SqliteEventStore(join(config.DATA_DIR, 'events.db'));
  }

  let rawKeys: KeyStore;
  if (config.MONGODB_URL) {
    const { MongoKeyStore } = await import('../platform/keystore/mongo.js');
    rawKeys = await MongoKeyStore.connect(config.MONGODB_URL, config.MONGODB_DB);
  } else {
    const { SqliteKeyStore } = await import('../platform/keystore/sqlite.js');
    rawKeys = new SqliteKeyStore(join(config.DATA_DIR, 'keys.db'));
  }
  const keys = new CachedKeyStore(rawKeys);

  let readStore: ReadStore;
  if (config.MONGODB_URL) {
    const { MongoReadStore } = await import('../platform/readstore/mongo.js');
    readStore = await MongoReadStore.connect(config.MONGODB_URL, config.MONGODB_DB);
  } else {
    const { SqliteReadStore } = await import('../platform/readstore/sqlite.js');
    readStore = new SqliteReadStore(join(config.DATA_DIR, 'read.db'));
  }

  let rateLimits: RateLimitStore;
  if (config.MONGODB_URL) {
    const { MongoRateLimitStore } = await import('../platform/ratelimit/mongo.js');
    rateLimits = new FallbackRateLimitStore(
      await MongoRateLimitStore.connect(config.MONGODB_URL, config.MONGODB_DB),
      createLogger(config.LOG_LEVEL),
    );
  } else {
    rateLimits = new MemoryRateLimitStore();
  }

  const encryption = encryptingEventStore(raw, {
    registry: privacyRegistry,
    keys,
    // Read at the first append: main.ts fills in a generated ADMIN_KEY before anything is written.
    subjectOfEmail: (email) => pseudonymsFor(config).email(email),
  });
  const eventStore = validatingEventStore(encryption, eventSchemas);
  return {
    eventStore,
    encryption,
    keys,
    readStore,
    rateLimits,
    async close() {
      await Promise.allSettled([eventStore.close(), readStore.close(), rateLimits.close(), keys.close()]);
    },
  };
}

/** Chooses the payments adapter from configuration: Stripe when PAYMENTS is stripe, else offline. */
export function createPaymentsPort(config: Config, log?: Logger): PaymentsPort {
  if (config.payments === 'stripe') {
    return new StripePayments({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  return new OfflinePayments({
    file: join(config.DATA_DIR, 'offline-payments.db'),
    legacyJsonFile: join(config.DATA_DIR, 'offline-payments.json'),
    log,
  });
}

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/outbox. */
export function createMailer(config: Config): Mailer {
  return config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxMailer(outboxDir(config.DATA_DIR), config.MAIL_FROM);
}

/** The one command handler of a process, with the enrollment slice's hot streams batched and cached. */
export function createCommandHandler(eventStore: EventStore): CommandHandler {
  return new CommandHandler(eventStore, [
    ...enrollmentStreamPolicies,
    ...waitlistStreamPolicies,
    ...pricingStreamPolicies,
    ...giftCardStreamPolicies,
    ...numberingStreamPolicies,
  ]);
}

/**
 * The dependencies of one process (or worker thread) on its own stores: the API's routes and the
 * effects (reactors and timers) take the same ones, each process its own command handler,
 * payments adapter and mailer.
 */
export function createDeps(config: Config, stores: Stores, log: Logger, projections: ProjectionWaiter): AppDeps {
  return {
    config,
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    commands: createCommandHandler(stores.eventStore),
    projections,
    log,
    clock: () => new Date(),
    newId: () => randomUUID(),
    payments: createPaymentsPort(config, log),
    mailer: createMailer(config),
    rateLimits: stores.rateLimits,
    keys: stores.keys,
    encryption: stores.encryption,
  };
}

/**
 * Every reactor, run from the event feed by the processor runner where the effects run (the
 * projections worker thread on the embedded default, the projector service in production), one
 * active runner at a time by each reactor's lease.
 */
export function reactorsFor(deps: AppDeps): AnyReactor[] {
  return [
    ...workflowsFor(deps),
    confirmationEmailReactor(deps),
    ...organizationReactors(deps),
    confirmationResendReactor(deps),
    balanceReceiptReactor(deps),
    ...installmentReactors(deps),
    refundsReactor(deps),
    afterSaleEmailReactor(deps),
    rescheduleReactor(deps),
    waitlistOfferReactor(deps),
    waitlistOfferEmailReactor(deps),
    administratorChangeEmailReactor(deps),
    inquiryOfficeEmailReactor(deps),
    waitlistJoinEmailReactor(deps),
    workshopMessageEmailReactor(deps),
    giftCardEmailReactor(deps),
    giftCardReceiptReactor(deps),
    makeupsReactor(deps),
    absenceEmailReactor(deps),
    makeupEmailReactor(deps),
    bookingLinkEmailReactor(deps),
    parentInvitedEmailReactor(deps),
    reviewRequestEmailReactor(deps),
    ...certificateReactors(deps),
    privacyScrubReactor(deps),
    lapsedHoldNoteReactor(deps),
    newsletterConfirmationReactor(deps),
    newsletterErasureReactor(deps),
    announcementTestReactor(deps),
    ...appointmentEmailReactors(deps),
  ];
}

/**
 * The workflows: what follows a request, decided once (a checkout settled, seats confirmed or
 * given back; a transfer's seats taken and given back, a cancellation's seats given back). Part of the business, not a side effect: the tests run them wherever the API runs.
 */
export function workflowsFor(deps: AppDeps): AnyReactor[] {
  return [
    checkoutReactor(deps),
    afterSaleSeatsReactor(deps),
    classTimeReactor(deps),
    roomTimeReactor(deps),
    invoiceSeatsReactor(deps),
    appointmentCheckoutReactor(deps),
  ];
}

/** Every time-driven pass, run beside the reactors, each under its own lease. */
export function timersFor(deps: AppDeps): AnyTimer[] {
  return [
    // Records holds not paid in time as lapsed (the checkout workflow gives their seats back).
    holdTimer(deps),
    // Appointment holds not paid in time (the appointment checkout gives their time back).
    appointmentHoldTimer(deps),
    // The one reminder before each workshop (REMINDER_HOURS).
    reminderTimer(deps),
    // Waitlist entries not confirmed within a day lapse.
    waitlistLapseTimer(deps),
    // Gift cards whose send date has come.
    giftCardEmailTimer(deps),
    // Deposit bookings' balance reminders, a week before and on the due date.
    balanceReminderTimer(deps),
    // Organizations' invoices, a week before and on the due date (issue 39).
    invoiceReminderTimer(deps),
    // Children's safety details erased SAFETY_DATA_RETENTION_DAYS after their last session.
    retentionTimer(deps),
    // Announcements being sent, at NEWSLETTER_SEND_PER_MINUTE.
    announcementTimer(deps),
    // Instalments charged on their dates, each once (issue 43).
    installmentTimer(deps),
    // Bookings whose last session ended with someone present are asked for a review, once.
    reviewAskTimer(deps, { everyMs: deps.config.REVIEW_ASK_EVERY_SECONDS * 1000 }),
  ] as AnyTimer[];
}
