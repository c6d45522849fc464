import type { DocValue, FieldValue, Query } from './port.js';
import { assertField } from './query.js';

/**
 * The SQLite adapter's query compiler: a read-store query as SQL over `rm_<collection>` tables
 * (see sqlite.ts for their layout), with the same meaning as query.ts gives it.
 */
export const table = (collection: string) => `"rm_${collection.replaceAll('"', '""')}"`;
/** Field names are checked by assertField, so they can stand in a JSON path literal. */
const column = (field: string) => (field === 'id' ? 'id' : `json_extract(doc, '$.${field}')`);
const bindable = (v: FieldValue) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);
/** Text that JSON escapes may not appear as-is in the blob; such a search skips the byte pre-filter. */
const ESCAPED_IN_JSON = /["\\\x00-\x1f]/;

export function searchKeys(id: string, doc: DocValue): string {
  const lc: Record<string, string> = { '': id.toLowerCase() };
  for (const k in doc) {
    const v = doc[k];
    if (typeof v === 'string') lc[k] = v.toLowerCase();
  }
  return JSON.stringify(lc);
}

/** ORDER BY terms for the query's sort, ending with the id so that pages are stable. */
export function compileOrder(query: Query): string[] {
  const order = (query.sort ?? []).map((s) => {
    assertField(s.field);
    return `${column(s.field)} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`;
  });
  order.push('id ASC');
  return order;
}

export function compileWhere(query: Query): { where: string; params: unknown[] } {
  const conds = ['doc IS NOT NULL'];
  const params: unknown[] = [];
  for (const [field, value] of Object.entries(query.where ?? {})) {
    assertField(field);
    const col = column(field);
    const values = Array.isArray(value) ? value : [value];
    const present = values.filter((v) => v !== null);
    const parts: string[] = [];
    if (present.length < values.length) parts.push(`${col} IS NULL`);
    if (present.length > 0) {
      parts.push(`${col} IN (${present.map(() => '?').join(', ')})`);
      params.push(...present.map(bindable));
    }
    conds.push(parts.length ? `(${parts.join(' OR ')})` : '0');
  }
  const text = query.search?.text ?? '';
  const fields = query.search?.fields ?? [];
  fields.forEach(assertField);
  if (text !== '' && fields.length > 0) {
    const needle = text.toLowerCase();
    const exact = fields.map((f) => `instr(lc ->> '$.${f === 'id' ? '""' : f}', ?) > 0`);
    params.push(...fields.map(() => needle));
    const anyField = `(${exact.join(' OR ')})`;
    if (ESCAPED_IN_JSON.test(needle)) conds.push(anyField);
    else {
      conds.push(`instr(lc, ?) > 0 AND ${anyField}`);
      // The pre-filter's parameter comes first in the SQL text.
      params.splice(params.length - fields.length, 0, Buffer.from(needle));
    }
  }
  return { where: conds.join(' AND '), params };
}
