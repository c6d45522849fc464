import type { Config } from './config.js';
import type { EventStore } from '../../platform/eventstore/port.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import type { Logger } from '../../platform/log.js';
import type { PaymentsPort } from '../payments/port.js';
import type { Mailer } from '../mail/port.js';
import type { RateLimitStore } from '../../platform/ratelimit/port.js';
import type { CommandHandler } from '../../platform/command/handler.js';
import type { WaiverTable } from '../../contracts/policies/waivers.js';
import type { KeyStore } from '../../platform/keystore/port.js';
import type { EncryptingEventStore } from '../../platform/eventstore/encrypting.js';

/** Lets a query wait (bounded) until the named projections have reached a position. */
export interface ProjectionWaiter {
  /** Resolves true once every named projection's checkpoint is >= position, false on timeout. */
  waitFor(position: bigint, projections: string[], timeoutMs?: number): Promise<boolean>;
}

/** Everything a route needs; built once by service/compose.ts, or by a test. */
export interface AppDeps {
  config: Config;
  eventStore: EventStore;
  readStore: ReadStore;
  /** The one command handler of the process (service/compose.ts): every command goes through it. */
  commands: CommandHandler;
  projections: ProjectionWaiter;
  log: Logger;
  /** Time and ids come from here, so tests can pin them. */
  clock: () => Date;
  newId: () => string;
  /** Payments provider, from createPaymentsPort(config, log) (service/compose.ts). */
  payments: PaymentsPort;
  /** Outgoing mail, from createMailer(config) (service/compose.ts). */
  mailer: Mailer;
  /** Token buckets of the rate limits (platform/ratelimit/): in memory embedded, MongoDB in production. */
  rateLimits: RateLimitStore;
  /**
   * The versions of the documents parents sign (contracts/policies/waivers.ts) when not those in
   * force: a test publishes a new version here.
   */
  waivers?: WaiverTable;
  /** The data subjects' keys: destroying them is erasure (service/privacy/). */
  keys: KeyStore;
  /** The encrypting layer of `eventStore`, for the subjects of streams; null on a store without one. */
  encryption: Pick<EncryptingEventStore, 'subjectOfStream'> | null;
}
