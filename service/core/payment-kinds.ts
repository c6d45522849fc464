import type { EventMetadata } from '../../contracts/core/events.js';
import type { VerifyPaymentResponse } from '../../contracts/payments/api.js';
import type { AppDeps } from './deps.js';
import { META, type PaymentIntentInfo } from '../payments/port.js';

/** The money a provider reported paid, as each kind records it on the stream of what it paid for. */
export interface ReportedMoney {
  paymentIntentId: string;
  amountCents: number;
  providerEventId: string | null;
  source: 'webhook' | 'verification';
  at: string;
}

export type RecordingDeps = Pick<AppDeps, 'commands' | 'clock' | 'log'>;

/** What one succeeded PaymentIntent paid for, read from the metadata it was created with. */
export interface Payable {
  /** Ids only, for the log. */
  readonly named: Readonly<Record<string, string>>;
  /** The enrollment the payment page names, when it paid for one. */
  readonly enrollmentId: string | null;
  /** Records the money on its own stream, once; answers the position written, null when nothing was new. */
  record(
    deps: RecordingDeps,
    money: ReportedMoney,
    intent: PaymentIntentInfo,
    metadata: EventMetadata,
  ): Promise<bigint | null>;
  /** The payment page's answer once the money is recorded; `base` holds what every answer carries. */
  verified(deps: AppDeps, recorded: bigint | null, base: VerifyPaymentResponse): Promise<VerifyPaymentResponse>;
  /**
   * A decline the provider reported, for a kind that records it. Elsewhere (a gift card, a
   * balance) the payer tries again on the page, which shows the provider's words.
   */
  declined?(
    deps: RecordingDeps,
    intent: PaymentIntentInfo,
    providerEventId: string,
    metadata: EventMetadata,
  ): Promise<void>;
}

/**
 * One kind of thing a card pays for (a class, a balance, a gift card, a lesson, a lesson pack, an
 * invoice), declared by its own slice: which PaymentIntents it answers for (by the metadata's
 * `kind`) and how their money is recorded and answered. The composition root lists them
 * (service/payment-kinds.ts), so the one path of a provider's "succeeded" knows no slice.
 */
export interface PaymentKind {
  answers(kind: string | undefined): boolean;
  payable(intent: PaymentIntentInfo): Payable | null;
}

/** The kinds in the order they are asked: the first that answers an intent's `kind` takes it. */
export class PaymentKinds {
  constructor(private readonly kinds: readonly PaymentKind[]) {}

  payable(intent: PaymentIntentInfo): Payable | null {
    const kind = intent.metadata[META.kind];
    return this.kinds.find((k) => k.answers(kind))?.payable(intent) ?? null;
  }

  /**
   * The one path of a provider's "succeeded", whoever reports it (the webhook, the payment page's
   * verification): the money recorded on the stream of what it paid for, once (duplicate, late and
   * out-of-order deliveries change nothing). Only the fact: what follows (an enrollment settled, a
   * gift card's e-mail) is the workflows' and reactors'. Answers the position written, or null.
   */
  async record(
    deps: RecordingDeps,
    paid: Payable,
    intent: PaymentIntentInfo,
    providerEventId: string | null,
    source: ReportedMoney['source'],
    metadata: EventMetadata,
  ): Promise<bigint | null> {
    const money = {
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      providerEventId,
      source,
      at: deps.clock().toISOString(),
    };
    const position = await paid.record(deps, money, intent, metadata);
    if (position !== null) deps.log.info('payment recorded', { ...paid.named, source });
    return position;
  }
}

/** The position a read after this answer waits for: what was written, else everything written so far. */
export const positionAfter = async (deps: Pick<AppDeps, 'eventStore'>, recorded: bigint | null) =>
  (recorded ?? (await deps.eventStore.headPosition())).toString();

/** A kind named by one metadata `kind` and one id in the metadata. */
export const byIdIn = (
  kind: string,
  idKey: string,
  payable: (id: string, intent: PaymentIntentInfo) => Payable,
): PaymentKind => ({
  answers: (k) => k === kind,
  payable: (intent) => {
    const id = intent.metadata[idKey];
    return id ? payable(id, intent) : null;
  },
});
