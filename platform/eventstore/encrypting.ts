import {
  ERASED,
  IDENTITY_SCOPE,
  isPersonal,
  safetyScope,
  type PersonalEvent,
  type PrivacyClass,
  type SubjectRule,
} from '../../contracts/privacy/classes.js';
import type { KeyStore } from '../keystore/port.js';
import { open, seal } from '../privacy/cipher.js';
import { getAt, pathTree, replaceLeaves, setAt, type PathTree } from '../privacy/paths.js';
import type { EventStore, NewEvent, RecordedEvent } from './port.js';

/**
 * Where an event's sealed personal data travels, in its `data`: the subject (`s`), and per key
 * scope the key's id (`k`) and the ciphertext of its fields (`c`). The validating store's schemas
 * strip it: nothing above this wrapper sees it.
 */
export const PRIVACY_FIELD = '$privacy';
interface Sealed {
  k: string;
  c: string;
  /**
   * Fields shared with another person (`shared` in the registry): the id of that person's key. `c`
   * is then sealed under the subject's key `k`, and that sealed text again under key `w`: both
   * keys are needed to read them, so destroying either erases them.
   */
  w?: string;
}
export interface PrivacyBlock {
  v: 1;
  s: string;
  b: Record<string, Sealed>;
}

export interface EncryptionOptions {
  /** Every event type's personal fields (contracts/privacy/registry.ts). */
  registry: Readonly<Record<string, PrivacyClass>>;
  keys: KeyStore;
  /** The subject of a family known by its e-mail: the address's keyed hash (service/core/pseudonyms.ts). */
  subjectOfEmail(email: string): string;
}

/** An event store that encrypts personal fields on the way in and decrypts them on the way out. */
export interface EncryptingEventStore extends EventStore {
  /** The event's data as it is stored: personal fields sealed under their subject's keys. */
  sealData(streamId: string, type: string, data: unknown): Promise<unknown>;
  /** The data subject of a stream's personal events, or null when it has none. */
  subjectOfStream(streamId: string): Promise<string | null>;
  /** Whether stored data is in clear although its type has personal fields (written before encryption). */
  isPlaintext(type: string, data: unknown): boolean;
  readonly inner: EventStore;
}

/** What a personal field reads as once its key is gone; stored in its place, so the event keeps its shape. */
export function erasedLeaf(value: unknown): unknown {
  if (typeof value === 'string') return ERASED;
  if (typeof value === 'number') return null;
  if (typeof value === 'boolean') return false;
  throw new TypeError(`a personal field must be a string, number or boolean, not ${typeof value}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
export const privacyBlockOf = (data: unknown): PrivacyBlock | undefined =>
  isObject(data) && isObject(data[PRIVACY_FIELD]) ? (data[PRIVACY_FIELD] as unknown as PrivacyBlock) : undefined;

/**
 * The one decrypting step (DESIGN: "decrypted in one step of the feed"): wraps the raw store, under
 * the validating one, so deciders, projectors and reactors read clear data and never know keys
 * exist. On append, each personal field (by the registry) is replaced by what it reads as when
 * erased ("Erased", null, false) and its value sealed with AES-256-GCM under the subject's key of
 * its scope; on read, the fields whose key still exists are put back. A field whose key was
 * destroyed keeps its erased value: the event still parses, and every read model built from it
 * shows "Erased". Empty texts, nulls and false are left as they are: they read the same erased, so
 * a booking without safety details makes no safety key.
 *
 * A personal event is never written in clear: without its subject or a key, the append fails.
 */
export function encryptingEventStore(inner: EventStore, options: EncryptionOptions): EncryptingEventStore {
  const { registry, keys } = options;
  const streamSubjects = new Map<string, string>();

  const personalClass = (type: string): PersonalEvent | null => {
    const c = Object.hasOwn(registry, type) ? registry[type] : undefined;
    return c && isPersonal(c) ? c : null;
  };

  /** The subject an event names itself (by e-mail or id), read from clear data; null for `stream`. */
  const ownSubject = (rule: SubjectRule, data: unknown): string | null => {
    if (rule.kind === 'stream') return null;
    const value = getAt(data, rule.path);
    if (typeof value !== 'string' || value === '' || value === ERASED)
      throw new Error(`the event names no data subject at ${rule.path}`);
    return rule.kind === 'email' ? options.subjectOfEmail(value) : `${rule.prefix}${value}`;
  };

  const subjectOfStream = async (streamId: string): Promise<string | null> => {
    const known = streamSubjects.get(streamId);
    if (known) return known;
    for (const e of await inner.readStream(streamId)) {
      const block = privacyBlockOf(e.data);
      const c = personalClass(e.type);
      const subject = block?.s ?? (c && c.subject.kind !== 'stream' ? ownSubject(c.subject, e.data) : null);
      if (subject) {
        if (streamSubjects.size > 10_000) streamSubjects.clear();
        streamSubjects.set(streamId, subject);
        return subject;
      }
    }
    return null;
  };

  /**
   * Per personal event type, its identity (group 0), safety (group 1) and shared (group 2 on)
   * paths in one tree: built once, walked once per event.
   */
  const trees = new Map<string, PathTree>();
  const treeOf = (type: string, c: PersonalEvent) => {
    let t = trees.get(type);
    if (!t) trees.set(type, (t = pathTree(c.identity, c.safety ?? [], ...(c.shared ?? []).map((s) => s.fields))));
    return t;
  };

  /** The other person of each shared group (null: none named, or the subject itself: the fields are `identity`). */
  const sharedSubjects = (c: PersonalEvent, data: unknown, subject: string): (string | null)[] =>
    (c.shared ?? []).map(({ subject: rule }) => {
      const email = getAt(data, rule.path);
      if (typeof email !== 'string' || email.trim() === '' || email === ERASED) return null;
      const other = options.subjectOfEmail(email);
      return other === subject ? null : other;
    });

  const sealData = async (streamId: string, type: string, clearData: unknown, earlier?: string): Promise<unknown> => {
    const c = personalClass(type);
    if (!c || privacyBlockOf(clearData)) return clearData;
    const subject = ownSubject(c.subject, clearData) ?? earlier ?? (await subjectOfStream(streamId));
    if (!subject) throw new Error(`${type} on ${streamId}: no earlier event of the stream names its data subject`);
    // Groups of the path tree: 0 identity, 1 safety, 2 on each shared group, each with its key.
    let safety: string | null = null;
    if (c.safety?.length) {
      const unit = getAt(clearData, c.safetyUnit ?? '');
      if (typeof unit !== 'string' || !unit) throw new Error(`${type}: no safety unit at ${c.safetyUnit}`);
      safety = safetyScope(unit);
    }
    const others = sharedSubjects(c, clearData, subject);
    // The caller's data is left as it is: the objects on the way to a sealed field are copied.
    const clear: Record<string, unknown>[] = [{}, {}, ...others.map(() => ({}))];
    const counts = clear.map(() => 0);
    const data = replaceLeaves(clearData, treeOf(type, c), (value, path, group) => {
      // Nothing to hide in what reads the same once erased: an empty text, a null, a "no".
      if (value === null || value === undefined || value === '' || value === false) return value;
      const into = group >= 2 && others[group - 2] === null ? 0 : group;
      clear[into]![path] = value;
      counts[into]!++;
      return erasedLeaf(value);
    });
    const shared = counts.slice(2).some((n) => n > 0);
    const wanted = [
      // Shared fields are sealed under the subject's identity key too.
      counts[0] || shared ? { subject, scope: IDENTITY_SCOPE } : null,
      counts[1] && safety ? { subject, scope: safety } : null,
      ...others.map((other, i) => (other && counts[i + 2] ? { subject: other, scope: IDENTITY_SCOPE } : null)),
    ];
    // The keys asked at once: new ones are made in one commit of the key store.
    const made = await Promise.all(wanted.map((w) => (w ? keys.activeKey(w.subject, w.scope) : null)));
    const block: PrivacyBlock = { v: 1, s: subject, b: {} };
    made.forEach((key, group) => {
      if (!key || !counts[group]) return;
      const json = JSON.stringify(clear[group]!);
      if (group < 2) {
        block.b[group === 1 ? 'safety' : 'identity'] = { k: key.keyId, c: seal(key.key, key.keyId, json) };
        return;
      }
      const own = made[0]!;
      block.b[`shared:${group - 2}`] = {
        k: own.keyId,
        w: key.keyId,
        c: seal(key.key, key.keyId, seal(own.key, own.keyId, json)),
      };
    });
    return { ...(data as Record<string, unknown>), [PRIVACY_FIELD]: block };
  };

  /**
   * Puts back the fields whose key is still here, in place: the data is the inner store's own copy
   * (each read parses or clones anew). The block is the last field sealing added, so deleting it
   * keeps the object's fast shape.
   */
  const openEvent = (e: RecordedEvent, keyOf: ReadonlyMap<string, Buffer | null>): RecordedEvent => {
    const block = privacyBlockOf(e.data);
    if (!block) return e;
    const data = e.data as Record<string, unknown>;
    delete data[PRIVACY_FIELD];
    for (const scope in block.b) {
      const sealed = block.b[scope]!;
      const key = keyOf.get(sealed.k);
      const other = sealed.w === undefined ? undefined : keyOf.get(sealed.w);
      // Destroyed (or never here), either of them: the erased values stay.
      if (!key || (sealed.w !== undefined && !other)) continue;
      const inner = other ? open(other, sealed.w!, sealed.c) : sealed.c;
      const clear = JSON.parse(open(key, sealed.k, inner)) as Record<string, unknown>;
      for (const path in clear) setAt(data, path, clear[path]);
    }
    return { ...e, data };
  };

  /** The keys of a batch looked up once each, then every event opened without waiting. */
  const openAll = async (events: RecordedEvent[]): Promise<RecordedEvent[]> => {
    const ids = new Set<string>();
    for (const e of events) {
      const block = privacyBlockOf(e.data);
      if (block)
        for (const scope in block.b) {
          const sealed = block.b[scope]!;
          ids.add(sealed.k);
          if (sealed.w !== undefined) ids.add(sealed.w);
        }
    }
    if (ids.size === 0) return events;
    const keyOf = await keys.keysById([...ids]);
    return events.map((e) => openEvent(e, keyOf));
  };

  return {
    inner,
    sealData: (streamId, type, data) => sealData(streamId, type, data),
    subjectOfStream,
    isPlaintext: (type, data) => personalClass(type) !== null && !privacyBlockOf(data),
    async append(streamId, events, expected) {
      const sealedEvents: NewEvent[] = [];
      // An event may name the subject of later ones in the same append (a stream's first events).
      let earlier: string | undefined;
      for (const e of events) {
        const data = await sealData(streamId, e.type, e.data, earlier);
        earlier = privacyBlockOf(data)?.s ?? earlier;
        sealedEvents.push(data === e.data ? e : { ...e, data });
      }
      const result = await inner.append(streamId, sealedEvents, expected);
      if (earlier && !streamSubjects.has(streamId)) streamSubjects.set(streamId, earlier);
      return result;
    },
    readStream: async (streamId, options) => openAll(await inner.readStream(streamId, options)),
    readAll: async (readOptions) => openAll(await inner.readAll(readOptions)),
    headPosition: () => inner.headPosition(),
    onAppended: (listener) => inner.onAppended(listener),
    close: () => inner.close(),
  };
}
