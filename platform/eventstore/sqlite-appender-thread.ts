import { parentPort, workerData } from 'node:worker_threads';
import { openEventsDb, SqliteAppender, type WireAppend } from './sqlite-appender.js';

/** What the API thread sends the writer thread, and what it answers. */
export type AppenderRequest = { seq: number; batch: WireAppend[] } | { seq: number; close: true };
export type AppenderAnswer =
  | { seq: number; outcomes: ReturnType<SqliteAppender['write']> }
  | { seq: number; failed: string }
  | { seq: number; closed: true };

/**
 * The event file's writer thread: the commits (and their fsync, a millisecond or two each) happen
 * here, so the API's thread goes on with other requests meanwhile. One batch at a time, in order.
 */
if (parentPort) {
  const port = parentPort;
  const db = openEventsDb((workerData as { file: string }).file);
  const appender = new SqliteAppender(db);
  port.on('message', (request: AppenderRequest) => {
    if ('close' in request) {
      db.close();
      port.postMessage({ seq: request.seq, closed: true } satisfies AppenderAnswer);
      port.close();
      return;
    }
    try {
      port.postMessage({ seq: request.seq, outcomes: appender.write(request.batch) } satisfies AppenderAnswer);
    } catch (cause) {
      port.postMessage({ seq: request.seq, failed: String(cause) } satisfies AppenderAnswer);
    }
  });
}
