import type { z } from 'zod';

/**
 * How the privacy registry describes an event type's personal data. Every event type in
 * `eventSchemas` has one entry (tests/contracts/privacy/registry.unit.test.ts fails otherwise), so
 * an event added by any slice must say which of its fields name or describe a person, or that none
 * does.
 *
 * Paths point into the event's `data`: dot-separated keys, `*` for every element of an array
 * (`form.participantDetails.*.name`, `attendees.*`). Each path names a leaf: a string, a number, a
 * boolean or null.
 */

export { ERASED } from '../core/erased.js';

/**
 * Whose data it is: the data subject owns the keys its fields are encrypted with, and erasing the
 * subject destroys them.
 * - `email`: a family known by its e-mail only (a booking without an account): the keyed hash of
 *   the address at `path` (service/core/pseudonyms.ts), the pseudonym events already carry.
 * - `stream`: the subject of the earlier events of the same stream (a correction, an attendance
 *   mark or a note on a booking, which carry no e-mail of their own).
 * - `id`: an entity with an id of its own at `path` (a household, issue 26), as `<prefix><id>`.
 */
export type SubjectRule =
  { kind: 'email'; path: string } | { kind: 'stream' } | { kind: 'id'; path: string; prefix: string };

/**
 * The fields of an event that hold personal data, by the key scope they are encrypted under:
 * - `identity`: names, e-mails, phones, ages, schools, grades, photography choices, free text;
 *   erased only when the whole subject is.
 * - `safety`: a child's dietary and medical details and the emergency contacts; erased on their
 *   own after the retention period (SAFETY_DATA_RETENTION_DAYS), per `safetyUnit` (the path of the
 *   booking id whose last session starts the clock), and with the subject.
 */
export interface PersonalEvent {
  subject: SubjectRule;
  identity: readonly string[];
  safety?: readonly string[];
  safetyUnit?: string;
  /**
   * Fields that are also another person's, found by the e-mail at `subject.path` (a booking's
   * typed second parent, the address a household invited): sealed under the subject's identity key
   * and under that person's own identity key, both needed to read them. Erasing the subject erases
   * them with the rest; erasing that person erases them alone, and never touches the subject's key.
   * Without that e-mail (empty), or when it is the subject's own, they are `identity` fields.
   */
  shared?: readonly SharedFields[];
}

export interface SharedFields {
  subject: { kind: 'email'; path: string };
  fields: readonly string[];
}

/** An event type that holds no personal data (ids, amounts, dates, statuses, attendance). */
export interface NoPersonalData {
  personal: false;
}
export const NO_PERSONAL_DATA: NoPersonalData = { personal: false };

export type PrivacyClass = PersonalEvent | NoPersonalData;

/** One entry per event type of a slice's schemas: a missing type is a compile error in that slice's file. */
export type PrivacyClasses<S extends Record<string, z.ZodType>> = { readonly [K in keyof S]: PrivacyClass };

export const isPersonal = (c: PrivacyClass): c is PersonalEvent => !('personal' in c);

/** The key scopes a subject has: one identity key, and one safety key per booking. */
export const IDENTITY_SCOPE = 'identity';
export const safetyScope = (unit: string) => `safety:${unit}`;
