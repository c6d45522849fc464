import { chmodSync, existsSync, readFileSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { preparePrivateSqliteFile, PRIVATE_FILE_MODE } from '../../platform/private-files.js';
import type { StripeIntentJson } from './stripe-shapes.js';

export interface OfflineRefund {
  refundId: string;
  amountCents: number;
}

/** The JSON file of earlier versions. */
interface LegacySaved {
  intents?: Record<string, StripeIntentJson>;
  keys?: Record<string, string>;
  refunds?: Record<string, OfflineRefund>;
}

interface IntentRow {
  id: string;
  amount: number;
  status: string;
  client_secret: string;
  metadata: string;
  last_error: string | null;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS intents (
    id TEXT PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE,
    amount INTEGER NOT NULL,
    status TEXT NOT NULL,
    client_secret TEXT NOT NULL,
    metadata TEXT NOT NULL,
    last_error TEXT
  );
  CREATE TABLE IF NOT EXISTS intent_cards (
    intent_id TEXT PRIMARY KEY,
    customer TEXT NOT NULL,
    payment_method TEXT,
    saving INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS paid_cards (
    intent_id TEXT PRIMARY KEY,
    brand TEXT NOT NULL,
    last4 TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS saved_cards (
    payment_method TEXT PRIMARY KEY,
    customer TEXT NOT NULL,
    declines_later INTEGER NOT NULL,
    detached INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS refunds (
    idempotency_key TEXT PRIMARY KEY,
    refund_id TEXT NOT NULL,
    payment_intent_id TEXT,
    amount INTEGER NOT NULL
  );
`;

/**
 * The offline provider's state in SQLite (WAL, a file under DATA_DIR, owner-only): each write is
 * one row, so a payment costs a few small writes instead of rewriting every intent ever made, and
 * a restart keeps the intents, their idempotency keys and the refunds. ':memory:' for tests.
 */
export class OfflineStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly byId: Database.Statement<[string], IntentRow>;
  private readonly byKey: Database.Statement<[string], IntentRow>;
  private readonly update: Database.Statement;
  private readonly refundByKey: Database.Statement<[string], { refund_id: string; amount: number }>;
  private readonly insertRefundRow: Database.Statement;
  private readonly refundedFor: Database.Statement<[string], { total: number | null }>;

  constructor(file: string) {
    preparePrivateSqliteFile(file);
    this.db = new Database(file, { timeout: 5000 });
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL');
    // A payment the provider answered must survive a power cut, like the events that record it.
    this.db.pragma('synchronous = FULL');
    this.db.exec(SCHEMA);
    const columns = 'id, amount, status, client_secret, metadata, last_error';
    this.insert = this.db.prepare(
      `INSERT INTO intents (id, idempotency_key, amount, status, client_secret, metadata, last_error) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING`,
    );
    this.byId = this.db.prepare<[string], IntentRow>(`SELECT ${columns} FROM intents WHERE id = ?`);
    this.byKey = this.db.prepare<[string], IntentRow>(`SELECT ${columns} FROM intents WHERE idempotency_key = ?`);
    this.update = this.db.prepare('UPDATE intents SET status = ?, last_error = ? WHERE id = ?');
    this.refundByKey = this.db.prepare<[string], { refund_id: string; amount: number }>(
      'SELECT refund_id, amount FROM refunds WHERE idempotency_key = ?',
    );
    this.refundedFor = this.db.prepare<[string], { total: number | null }>(
      'SELECT SUM(amount) AS total FROM refunds WHERE payment_intent_id = ?',
    );
    this.insertRefundRow = this.db.prepare(
      'INSERT INTO refunds (idempotency_key, refund_id, payment_intent_id, amount) VALUES (?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING',
    );
  }

  /** Stores the intent unless its idempotency key is known; answers the intent stored under the key. */
  insertIntent(idempotencyKey: string, pi: StripeIntentJson): StripeIntentJson {
    this.insert.run(
      pi.id,
      idempotencyKey,
      pi.amount,
      pi.status,
      pi.client_secret ?? '',
      JSON.stringify(pi.metadata ?? {}),
      errorJson(pi),
    );
    return intentOf(this.byKey.get(idempotencyKey)!);
  }

  intent(id: string): StripeIntentJson | null {
    const row = this.byId.get(id);
    if (!row) return null;
    const card = this.db
      .prepare<[string], { customer: string; payment_method: string | null; saving: number }>(
        'SELECT customer, payment_method, saving FROM intent_cards WHERE intent_id = ?',
      )
      .get(id);
    const paid = this.db
      .prepare<[string], { brand: string; last4: string }>('SELECT brand, last4 FROM paid_cards WHERE intent_id = ?')
      .get(id);
    const paymentMethod = card?.payment_method ?? null;
    return {
      ...intentOf(row),
      ...(card
        ? {
            customer: card.customer,
            payment_method: paymentMethod,
            setup_future_usage: card.saving ? 'off_session' : null,
          }
        : {}),
      // As Stripe answers with the payment method expanded: the card that paid.
      ...(paid ? { payment_method: { id: paymentMethod ?? `pm_offline_${id}`, card: paid } } : {}),
    };
  }

  /** The card that paid an intent, as a receipt names it. */
  setPaidCard(intentId: string, card: { brand: string; last4: string }): void {
    this.db
      .prepare('INSERT OR IGNORE INTO paid_cards (intent_id, brand, last4) VALUES (?, ?, ?)')
      .run(intentId, card.brand, card.last4);
  }

  /** The card a saved payment method is, as the intent that saved it was paid with (record 152). */
  savedCardPaid(paymentMethod: string): { brand: string; last4: string } | null {
    return (
      this.db
        .prepare<[string], { brand: string; last4: string }>(
          'SELECT p.brand, p.last4 FROM paid_cards p JOIN intent_cards c ON c.intent_id = p.intent_id WHERE c.payment_method = ? LIMIT 1',
        )
        .get(paymentMethod) ?? null
    );
  }

  /** The intent made under `idempotencyKey`, if any. */
  intentByKey(idempotencyKey: string): StripeIntentJson | null {
    const row = this.byKey.get(idempotencyKey);
    return row ? this.intent(row.id) : null;
  }

  /** The customer an intent pays for, its card (once known), and whether the card is being saved. */
  setIntentCard(intentId: string, customer: string, paymentMethod: string | null, saving: boolean): void {
    this.db
      .prepare(
        'INSERT INTO intent_cards (intent_id, customer, payment_method, saving) VALUES (?, ?, ?, ?) ON CONFLICT(intent_id) DO UPDATE SET payment_method = excluded.payment_method',
      )
      .run(intentId, customer, paymentMethod, saving ? 1 : 0);
  }

  /** A card kept for a customer; `declinesLater` is Stripe's 4000 0000 0000 0341. */
  saveCard(paymentMethod: string, customer: string, declinesLater: boolean): void {
    this.db
      .prepare('INSERT OR IGNORE INTO saved_cards (payment_method, customer, declines_later) VALUES (?, ?, ?)')
      .run(paymentMethod, customer, declinesLater ? 1 : 0);
  }

  savedCard(paymentMethod: string): { customer: string; declinesLater: boolean; detached: boolean } | null {
    const row = this.db
      .prepare<[string], { customer: string; declines_later: number; detached: number }>(
        'SELECT customer, declines_later, detached FROM saved_cards WHERE payment_method = ?',
      )
      .get(paymentMethod);
    return row
      ? { customer: row.customer, declinesLater: row.declines_later === 1, detached: row.detached === 1 }
      : null;
  }

  detachCard(paymentMethod: string): void {
    this.db.prepare('UPDATE saved_cards SET detached = 1 WHERE payment_method = ?').run(paymentMethod);
  }

  updateIntent(pi: StripeIntentJson): void {
    this.update.run(pi.status, errorJson(pi), pi.id);
  }

  refund(idempotencyKey: string): OfflineRefund | null {
    const row = this.refundByKey.get(idempotencyKey);
    return row ? { refundId: row.refund_id, amountCents: row.amount } : null;
  }

  /** Cents refunded so far on a PaymentIntent. */
  refundedCents(paymentIntentId: string): number {
    return this.refundedFor.get(paymentIntentId)?.total ?? 0;
  }

  /** Records the refund unless the key is known; answers the refund stored under the key. */
  insertRefund(idempotencyKey: string, paymentIntentId: string | null, refund: OfflineRefund): OfflineRefund {
    this.insertRefundRow.run(idempotencyKey, refund.refundId, paymentIntentId, refund.amountCents);
    return this.refund(idempotencyKey)!;
  }

  /**
   * Takes in the JSON file earlier versions kept (intents, keys, refunds) once, then renames it, so
   * payments made before the upgrade can still be verified and refunded.
   */
  importLegacyJson(jsonFile: string): number {
    if (!existsSync(jsonFile)) return 0;
    const saved = JSON.parse(readFileSync(jsonFile, 'utf8')) as LegacySaved;
    const keyOf = new Map(Object.entries(saved.keys ?? {}).map(([key, id]) => [id, key]));
    let count = 0;
    this.db.transaction(() => {
      for (const pi of Object.values(saved.intents ?? {})) {
        this.insertIntent(keyOf.get(pi.id) ?? `legacy-${pi.id}`, pi);
        count++;
      }
      // The JSON did not say which intent a refund was for.
      for (const [key, r] of Object.entries(saved.refunds ?? {})) this.insertRefund(key, null, r);
    })();
    renameSync(jsonFile, `${jsonFile}.imported`);
    chmodSync(`${jsonFile}.imported`, PRIVATE_FILE_MODE);
    return count;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

const errorJson = (pi: StripeIntentJson) => (pi.last_payment_error ? JSON.stringify(pi.last_payment_error) : null);

function intentOf(row: IntentRow): StripeIntentJson {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amount,
    currency: 'usd',
    status: row.status,
    client_secret: row.client_secret,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    last_payment_error: row.last_error ? (JSON.parse(row.last_error) as StripeIntentJson['last_payment_error']) : null,
  };
}
