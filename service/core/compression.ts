import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { isCompleteAnswer, setAnswerHeader } from './response-headers.js';
import { COMPRESS_MIN_BYTES, chooseEncoding } from './prepared-body.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /^(application\/(json|xml|javascript|manifest\+json)|text\/|image\/svg\+xml)/i;

/**
 * Compresses, on the fly, answers not already encoded (the hot reads and the precompressed assets
 * come encoded): brotli or gzip as the client accepts, bodies of 1 KB or more only. Hono's own
 * compress middleware has no brotli on Node (it uses CompressionStream), hence node:zlib here.
 */
export const compressAnswers = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  if (isCompleteAnswer(res)) return;
  // Status and headers only: reading `res.body` would turn @hono/node-server's light answer into a stream.
  if (c.req.method === 'HEAD' || res.status === 204 || res.status === 304 || res.headers.has('Content-Encoding'))
    return;
  if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
  if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
  const length = Number(res.headers.get('Content-Length') ?? NaN);
  if (length < COMPRESS_MIN_BYTES) return;
  setAnswerHeader(c, 'Vary', 'Accept-Encoding', true);
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  if (!encoding) return;
  const bytes = Buffer.from(await res.arrayBuffer());
  const body =
    bytes.length < COMPRESS_MIN_BYTES
      ? bytes
      : encoding === 'br'
        ? await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzipAsync(bytes);
  c.res = new Response(new Uint8Array(body), res);
  c.res.headers.set('Content-Length', String(body.length));
  if (body === bytes) return;
  c.res.headers.set('Content-Encoding', encoding);
  // Another representation: a strong validator of the plain bytes no longer names these bytes.
  const etag = c.res.headers.get('ETag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
};

/**
 * API answers that say nothing of caching are not cached anywhere: they are personal (orders,
 * enrollments) or the administrator's. The public catalogue reads set their own.
 */
export const noStoreByDefault = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (!isCompleteAnswer(c.res) && !c.res.headers.has('Cache-Control'))
    setAnswerHeader(c, 'Cache-Control', 'private, no-store');
};
