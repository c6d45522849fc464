import { type ExpectedRevision, WrongExpectedRevisionError } from './port.js';

/** Throws when the stream's current revision does not satisfy the expectation. */
export function checkExpected(streamId: string, expected: ExpectedRevision, current: bigint | 'no_stream'): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === 'no_stream') ||
    (expected === 'stream_exists' && current !== 'no_stream') ||
    (typeof expected === 'bigint' && current === expected);
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, current);
}
