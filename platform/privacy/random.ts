import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 8192;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/**
 * `n` bytes from node:crypto's CSPRNG, drawn 8 KiB at a time: each `randomBytes` call costs a few
 * microseconds whatever its size, and an encrypted append asks for six small ones (two IVs, two key
 * ids, two keys). Node's own randomUUID keeps a cache the same way. Each byte is handed out once,
 * copied, and zeroed in the pool.
 */
export function randomBytesPooled(n: number): Buffer {
  if (n > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (used + n > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const out = Buffer.from(pool.subarray(used, used + n));
  pool.fill(0, used, used + n);
  used += n;
  return out;
}
