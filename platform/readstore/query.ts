import type { DocValue, FieldValue } from './port.js';

/**
 * What a read-store query means, shared by the three adapters: which field names are allowed (the
 * SQLite and MongoDB adapters put them in JSON paths and keys), how values compare and sort (as
 * SQLite's JSON does), and what equality means for null. The memory adapter evaluates queries with
 * these functions; the others compile them, and their contract tests hold them to the same answers.
 */
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Field names are interpolated into SQL paths and Mongo keys by the other adapters; all adapters refuse the same names. */
export function assertField(field: string): void {
  if (!FIELD.test(field)) throw new Error(`Read store: bad field name ${JSON.stringify(field)}`);
}

/** null and missing sort first; numbers (booleans as 0/1, like SQLite's JSON) before strings. */
function rank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number' || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return 2;
  return 3;
}

export function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1) return Number(a) - Number(b);
  if (ra === 2) return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
  return 0;
}

export function fieldOf(id: string, doc: DocValue, field: string): unknown {
  return field === 'id' ? id : doc[field];
}

export function equals(actual: unknown, expected: FieldValue): boolean {
  if (expected === null) return actual === null || actual === undefined;
  return actual === expected;
}
