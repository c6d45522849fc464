/**
 * A small JSON-lines logger. Logs carry ids, never names, e-mails or phones: callers pass only
 * ids and codes, and `redact` strips anything that looks like an e-mail or a phone as a guard.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const EMAIL = /[^\s@"<>]+@[^\s@"<>]+\.[^\s@"<>]+/g;
// Not inside a word or an id: a UUID's digit runs are bordered by letters or hyphens.
const PHONE_LIKE = /(?<![\w-])\+?\(?\d[\d\s().-]{8,}\d(?![\w-])/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
/** A run of 10 or more digits with phone punctuation, that is not a date, is taken for a phone. */
const maskPhone = (m: string) => (m.replace(/\D/g, '').length >= 10 && !ISO_DATE.test(m) ? '[phone]' : m);
export const redact = (s: string) => s.replace(EMAIL, '[email]').replace(PHONE_LIKE, maskPhone);

export function createLogger(
  level: Level = 'info',
  write: (line: string) => void = (l) => process.stdout.write(l + '\n'),
): Logger {
  const emit = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < order[level]) return;
    const line = JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...fields }, (_k, v) =>
      typeof v === 'bigint' ? v.toString() : v instanceof Error ? { name: v.name, message: v.message } : v,
    );
    write(redact(line));
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}
