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
  last_payment_error: null;
}

/** A few endpoints of Stripe's API, enough for the adapter: records what it was sent. */
export class StripeStub {
  readonly intents = new Map<string, StubIntent>();
  readonly requests: {
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    body: URLSearchParams;
    auth: string | undefined;
  }[] = [];
  private readonly byKey = new Map<string, unknown>();
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
    const path = (req.url ?? '').split('?')[0]!;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const auth = req.headers.authorization;
    this.requests.push({ method: req.method ?? '', path, idempotencyKey, body, auth });
    if (auth !== 'Bearer sk_test_stub')
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' } }];
    if (idempotencyKey && this.byKey.has(idempotencyKey)) return [200, this.byKey.get(idempotencyKey)];

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
      };
      this.intents.set(id, intent);
      answer = [200, intent];
    } else if (req.method === 'GET' && path.startsWith('/v1/payment_intents/')) {
      const intent = this.intents.get(path.slice('/v1/payment_intents/'.length));
      answer = intent
        ? [200, intent]
        : [
            404,
            { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
          ];
    } else if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = this.intents.get(body.get('payment_intent') ?? '');
      answer = intent
        ? [
            200,
            {
              id: `re_stub_${++this.seq}`,
              object: 'refund',
              amount: intent.amount,
              payment_intent: intent.id,
              status: 'succeeded',
            },
          ]
        : [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
    } else if (req.method === 'GET' && path === '/v1/balance') {
      answer = [200, { object: 'balance', available: [], pending: [], livemode: false }];
    } else {
      answer = [
        404,
        { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } },
      ];
    }
    if (idempotencyKey && answer[0] === 200) this.byKey.set(idempotencyKey, answer[1]);
    return answer;
  }
}
