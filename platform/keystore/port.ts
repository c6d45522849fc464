/**
 * Keys of data subjects, beside the event store and never in it: a personal field of an event is
 * encrypted with its subject's key (platform/eventstore/encrypting.ts), and destroying the key is
 * the erasure. Nothing rebuilds a key from events, so nothing a rebuild does can bring erased data
 * back; losing the key store loses every personal field (back it up with the events).
 *
 * A subject has one live key per scope (`identity`, `safety:<booking>`): made on first use, the
 * same for every caller until destroyed; a later use after destruction makes a new key with a new
 * id, and the events under the destroyed one stay unreadable.
 */
export interface SubjectKey {
  keyId: string;
  /** 32 bytes, AES-256. */
  key: Buffer;
}

export interface KeyInfo {
  keyId: string;
  subjectId: string;
  scope: string;
  createdAt: string;
  /** When it was destroyed; null while live. */
  destroyedAt: string | null;
}

export interface KeyStore {
  /** The live key of (subject, scope), made now if it has none; concurrent callers get the same key. */
  activeKey(subjectId: string, scope: string): Promise<SubjectKey>;
  /** A key by its id; null when it was destroyed or never existed here. */
  keyById(keyId: string): Promise<Buffer | null>;
  /** Many keys at once (a batch of the feed): each id to its key, or null when destroyed or unknown. */
  keysById(keyIds: readonly string[]): Promise<Map<string, Buffer | null>>;
  /**
   * Destroys the subject's live keys (every scope, or only `scope`), overwriting the key material;
   * resolves with how many were destroyed (0 when none was live).
   */
  destroy(subjectId: string, at: Date, scope?: string): Promise<number>;
  /** Every key the subject has had, live or destroyed, oldest first. */
  keysOf(subjectId: string): Promise<KeyInfo[]>;
  /** A number every destroy moves on, in any process: a cache drops what it holds when it changes. */
  generation(): Promise<number>;
  /** Removes destroyed keys' traces from the files themselves (the embedded store); absent elsewhere. */
  compact?(): Promise<void>;
  /** A cache's: forgets what it holds, so a destruction by another process counts at once. */
  refresh?(): Promise<void>;
  close(): Promise<void>;
}

/** The key store could not be reached; callers answer 503 (no event is written in clear instead). */
export class KeyStoreUnavailableError extends Error {
  readonly code = 'key_store_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeyStoreUnavailableError';
  }
}
