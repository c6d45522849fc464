import { afterAll, beforeAll } from 'vitest';
import { StripePayments } from '../../../service/payments/stripe-adapter.js';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: null | { code: string; decline_code?: string; message: string };
  customer?: string | null;
  payment_method?: string | null;
  setup_future_usage?: string | null;
}

/** Stripe's test payment methods (`pm_card_visa`, …) as an expanded payment method shows their card. */
const TEST_CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
};

/** The intent as Stripe answers it with `expand[]=payment_method`: a paid one without its own method paid with `pm_card_visa`. */
function expanded(
  intent: StubIntent,
  query: URLSearchParams,
): StubIntent | (Omit<StubIntent, 'payment_method'> & { payment_method: unknown }) {
  if (![...query].some(([k, v]) => k.startsWith('expand[') && v === 'payment_method')) return intent;
  const id = intent.payment_method ?? (intent.status === 'succeeded' ? 'pm_card_visa' : null);
  if (!id) return intent;
  return {
    ...intent,
    payment_method: { id, object: 'payment_method', type: 'card', card: TEST_CARDS[id] ?? TEST_CARDS.pm_card_visa },
  };
}

/** The test payment method Stripe declines (`pm_card_chargeDeclined`), as a saved card whose later charges fail. */
export const DECLINING_PAYMENT_METHOD = 'pm_card_chargeDeclined';

/** A few endpoints of Stripe's API, enough for the adapter: records what it was sent. */
export class StripeStub {
  readonly intents = new Map<string, StubIntent>();
  readonly requests: {
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    body: URLSearchParams;
    query: URLSearchParams;
    auth: string | undefined;
  }[] = [];
  private readonly byKey = new Map<string, [number, unknown]>();
  /** Cents refunded per PaymentIntent, as Stripe keeps them. */
  readonly refunded = new Map<string, number>();
  /** PaymentIntents whose refunds the card issuer refuses (Stripe answers 402 with a card error). */
  readonly refusingRefunds = new Set<string>();
  private server: Server | null = null;
  private seq = 0;
  url = '';

  async start(): Promise<void> {
    this.server = createServer(
      (req, res) =>
        void this.handle(req).then(([status, body]) =>
          res
            .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.seq}` })
            .end(JSON.stringify(body)),
        ),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = new URLSearchParams(raw);
    const [path = '', search = ''] = (req.url ?? '').split('?');
    const query = new URLSearchParams(search);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const auth = req.headers.authorization;
    this.requests.push({ method: req.method ?? '', path, idempotencyKey, body, query, auth });
    if (auth !== 'Bearer sk_test_stub')
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' } }];
    // Stripe keeps the answer to a key, refusals included, and gives it again.
    if (idempotencyKey && this.byKey.has(idempotencyKey)) return this.byKey.get(idempotencyKey)!;

    let answer: [number, unknown];
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_stub_${++this.seq}`;
      const metadata = Object.fromEntries(
        [...body].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
      );
      const intent: StubIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_stub`,
        metadata,
        description: body.get('description'),
        last_payment_error: null,
        customer: body.get('customer'),
        payment_method: body.get('payment_method'),
        setup_future_usage: body.get('setup_future_usage'),
      };
      this.intents.set(id, intent);
      answer = body.get('confirm') === 'true' ? this.confirm(intent) : [200, intent];
      // Confirmed at once (a saved card charged off-session): answered expanded when asked, as Stripe does.
      if (answer[0] === 200) answer = [200, expanded(intent, body)];
    } else if (req.method === 'POST' && path === '/v1/customers') {
      answer = [200, { id: `cus_stub_${++this.seq}`, object: 'customer', email: body.get('email') }];
    } else if (req.method === 'POST' && /^\/v1\/payment_methods\/[^/]+\/detach$/.test(path)) {
      answer = [200, { id: path.split('/')[3], object: 'payment_method', customer: null }];
    } else if (req.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/cancel$/.test(path)) {
      const intent = this.intents.get(path.split('/')[3]!);
      answer = !intent
        ? [
            404,
            { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
          ]
        : intent.status === 'succeeded'
          ? [
              400,
              {
                error: {
                  type: 'invalid_request_error',
                  code: 'payment_intent_unexpected_state',
                  message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
                },
              },
            ]
          : [200, Object.assign(intent, { status: 'canceled' })];
    } else if (req.method === 'GET' && path.startsWith('/v1/payment_intents/')) {
      const intent = this.intents.get(path.slice('/v1/payment_intents/'.length));
      answer = intent
        ? [200, expanded(intent, query)]
        : [
            404,
            { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
          ];
    } else if (req.method === 'POST' && path === '/v1/refunds') {
      answer = this.refund(body);
    } else if (req.method === 'GET' && path === '/v1/balance') {
      answer = [200, { object: 'balance', available: [], pending: [], livemode: false }];
    } else {
      answer = [
        404,
        { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } },
      ];
    }
    if (idempotencyKey && answer[0] !== 401) this.byKey.set(idempotencyKey, answer);
    return answer;
  }

  /** An intent confirmed at creation (a saved card charged off-session): paid, or a card error carrying the intent. */
  private confirm(intent: StubIntent): [number, unknown] {
    if (intent.payment_method !== DECLINING_PAYMENT_METHOD)
      return [200, Object.assign(intent, { status: 'succeeded' })];
    const error = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    Object.assign(intent, { last_payment_error: error });
    return [402, { error: { type: 'card_error', ...error, payment_intent: intent } }];
  }

  /** POST /v1/refunds: all that is left or `amount`; more than is left is refused as Stripe refuses it. */
  private refund(body: URLSearchParams): [number, unknown] {
    const intent = this.intents.get(body.get('payment_intent') ?? '');
    if (!intent)
      return [
        404,
        { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
      ];
    if (this.refusingRefunds.has(intent.id))
      return [
        402,
        { error: { type: 'card_error', code: 'expired_or_canceled_card', message: 'The card cannot take a refund.' } },
      ];
    const left = intent.amount - (this.refunded.get(intent.id) ?? 0);
    const amount = body.has('amount') ? Number(body.get('amount')) : left;
    if (amount > left)
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: left === 0 ? 'charge_already_refunded' : 'amount_too_large',
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          },
        },
      ];
    this.refunded.set(intent.id, (this.refunded.get(intent.id) ?? 0) + amount);
    return [
      200,
      { id: `re_stub_${++this.seq}`, object: 'refund', amount, payment_intent: intent.id, status: 'succeeded' },
    ];
  }
}

/**
 * A suite's Stripe adapter against its own stub, started before the suite and stopped after it:
 * `stripe()` is the adapter (made once the stub listens), `stub` the API it talks to.
 */
export function stripeAgainstStub(webhookSecret: string): { stub: StripeStub; stripe: () => StripePayments } {
  const stub = new StripeStub();
  let adapter: StripePayments | undefined;
  beforeAll(async () => {
    await stub.start();
    adapter = new StripePayments({
      secretKey: 'sk_test_stub',
      publishableKey: 'pk_test_stub',
      webhookSecret,
      apiBase: stub.url,
    });
  });
  afterAll(async () => {
    await stub.stop();
  });
  return { stub, stripe: () => adapter! };
}
