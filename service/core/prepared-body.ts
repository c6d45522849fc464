import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { completeAnswer, offeredAnswerHeaders } from './response-headers.js';

/** Bodies below this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

interface PreparedAnswer {
  etag: string;
  bytes: Buffer;
  /** The headers of a 304: validators and caching, no body's. */
  notModified: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string>>;
}

/**
 * One answer's bytes, prepared once and sent many times: a strong ETag over the bytes and, made on
 * first demand, its brotli and gzip forms (each with its own ETag, as they are other representations).
 */
export class PreparedBody {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();
  private readonly answers = new WeakMap<object, Map<string, PreparedAnswer>>();

  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {
    this.etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  }

  /**
   * The bytes and headers of one way of answering, made once: the same for every request asking
   * in that encoding with those security headers (a few records, kept by identity).
   */
  answerFor(
    encoding: Encoding | undefined,
    security: Readonly<Record<string, string>>,
    cacheControl: string,
    status: 200 | 404,
  ): PreparedAnswer {
    let byKey = this.answers.get(security);
    if (!byKey) this.answers.set(security, (byKey = new Map()));
    const key = `${encoding ?? ''}|${cacheControl}|${status}`;
    let answer = byKey.get(key);
    if (!answer) {
      const etag = encoding ? `${this.etag.slice(0, -1)}-${encoding}"` : this.etag;
      const bytes = encoding ? this.in(encoding) : this.bytes;
      const common = { ...security, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
      const validated = status === 200 ? { ...common, ETag: etag } : common;
      answer = {
        etag,
        bytes,
        notModified: validated,
        headers: {
          ...validated,
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
          'Content-Type': this.contentType,
          'Content-Length': String(bytes.length),
        },
      };
      byKey.set(key, answer);
    }
    return answer;
  }

  static json(value: unknown): PreparedBody {
    return new PreparedBody(Buffer.from(JSON.stringify(value)), 'application/json; charset=UTF-8');
  }

  /** The bytes in an encoding, compressed once. Brotli at quality 5: near its best ratio on JSON, far faster than 11. */
  in(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
              },
            })
          : gzipSync(this.bytes, { level: 6 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** The encoding to answer in from an Accept-Encoding header: brotli, else gzip, honouring q=0. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (e: Encoding) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

/**
 * Sends a prepared body by content negotiation: the encoding the client accepts (bodies of 1 KB or
 * more), its ETag, `304` when If-None-Match names it (for a 200 only), and the Cache-Control given.
 */
export function sendPrepared(c: Context, body: PreparedBody, cacheControl: string, status: 200 | 404 = 200): Response {
  const encoding =
    body.bytes.length >= COMPRESS_MIN_BYTES ? chooseEncoding(c.req.header('accept-encoding')) : undefined;
  const answer = body.answerFor(encoding, offeredAnswerHeaders(c), cacheControl, status);
  if (status === 200 && matches(c.req.header('if-none-match'), answer.etag))
    return completeAnswer(new Response(null, { status: 304, headers: answer.notModified }));
  // A Response of its own with a plain header record (c.body turns more than one header into a
  // Headers object): @hono/node-server then writes the record as it is. A Buffer is a Uint8Array
  // over an ArrayBuffer (never shared memory here).
  return completeAnswer(new Response(answer.bytes as Uint8Array<ArrayBuffer>, { status, headers: answer.headers }));
}
