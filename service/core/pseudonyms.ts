import { createHmac, randomBytes } from 'node:crypto';
import { canonicalMailbox } from '../../contracts/core/mailbox.js';
import type { Config } from './config.js';

/**
 * Keyed hashes that stand for a client address or an e-mail where a decision must recognise them
 * again (unpaid holds per client, a resubmission by the same parent) but events must not carry
 * them. Without the key they cannot be reversed by hashing every IPv4 address or a list of
 * e-mails; with several API processes all must share the key, so it comes from PSEUDONYM_SECRET
 * or, when unset, is derived from ADMIN_KEY (required outside the embedded default).
 */
export interface Pseudonyms {
  client(address: string): string;
  /** The address as typed (lower case): the family's streams and privacy subject. */
  email(address: string): string;
  /**
   * The inbox it reaches (`contracts/core/mailbox.ts`): what every allowance per address counts,
   * so `jane+1@…` and `j.ane@gmail.com` share `jane@…`'s. The same hash as `email` for an address
   * already in that form, so allowances counted before carry on.
   */
  mailbox(address: string): string;
}

const byConfig = new WeakMap<Config, Pseudonyms>();

export function createPseudonyms(secret: string | Buffer): Pseudonyms {
  const hash = (purpose: string, value: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url').slice(0, 22);
  const email = (address: string) => hash('email', address.trim().toLowerCase());
  return {
    client: (address) => hash('client', address),
    email,
    mailbox: (address) => email(canonicalMailbox(address)),
  };
}

/** One set per configuration, made on first use (main.ts may fill in a generated ADMIN_KEY first). */
export function pseudonymsFor(config: Config): Pseudonyms {
  let p = byConfig.get(config);
  if (!p) {
    const secret = config.PSEUDONYM_SECRET
      ? config.PSEUDONYM_SECRET
      : config.ADMIN_KEY
        ? createHmac('sha256', config.ADMIN_KEY).update('pseudonym-secret/v1').digest()
        : randomBytes(32);
    p = createPseudonyms(secret);
    byConfig.set(config, p);
  }
  return p;
}
