import type { EncryptingEventStore } from '../../platform/eventstore/encrypting.js';
import type { EventRewrite } from '../../platform/eventstore/port.js';
import type { ReadStore } from '../../platform/readstore/port.js';

/** The migration's own checkpoint in the read store: how far the feed has been brought under encryption. */
export const MIGRATION_CHECKPOINT = 'privacy-migration';

export interface MigrationProgress {
  position: bigint;
  head: bigint;
  streams: number;
  events: number;
}

export interface MigrationOptions {
  /** Count what would change, change nothing. */
  dryRun?: boolean;
  /** Events read per batch (default 2,000). */
  batchSize?: number;
  onProgress?: (p: MigrationProgress) => void;
  /** Called after each stream is rewritten (tests interrupt the run here). */
  afterStream?: (streamId: string) => void | Promise<void>;
}

export interface MigrationResult {
  /** Streams rewritten (or, in a dry run, that would be). */
  streams: number;
  events: number;
  /** The checkpoint this run started from (-1 for a first run). */
  resumedFrom: bigint;
}

/**
 * Brings events written before encryption under it (`npm run privacy -- migrate`): the feed is read
 * from the migration's checkpoint, and each stream holding an event whose personal fields are in
 * clear is rewritten with them sealed under its subject's keys (`EventStore.rewriteEvents`: in
 * place on SQLite, the old bytes overwritten; copied then truncated on KurrentDB). The checkpoint
 * moves after each batch whose streams are all done, so a run that is stopped resumes there; a
 * stream done twice finds nothing in clear the second time. What follows (the files compacted, the
 * projections rebuilt) is the command's: see service/privacy-cli.ts.
 */
export async function migratePlaintext(
  stores: { encryption: EncryptingEventStore; readStore: ReadStore },
  options: MigrationOptions = {},
): Promise<MigrationResult> {
  const { encryption, readStore } = stores;
  const raw = encryption.inner;
  if (!options.dryRun && !raw.rewriteEvents) throw new Error('This event store cannot rewrite events');
  const resumedFrom = await readStore.getCheckpoint(MIGRATION_CHECKPOINT);
  const head = await raw.headPosition();
  let position = resumedFrom;
  let streams = 0;
  let events = 0;
  // A dry run rewrites nothing, so a stream with events in several batches is met again: counted once.
  const counted = new Set<string>();
  for (;;) {
    const batch = await raw.readAll({ after: position, limit: options.batchSize ?? 2000 });
    if (batch.length === 0) break;
    const affected = [...new Set(batch.filter((e) => encryption.isPlaintext(e.type, e.data)).map((e) => e.streamId))];
    for (const streamId of affected) {
      const rewrites: EventRewrite[] = [];
      for (const e of await raw.readStream(streamId))
        if (encryption.isPlaintext(e.type, e.data))
          rewrites.push({
            revision: e.revision,
            data: options.dryRun ? e.data : await encryption.sealData(streamId, e.type, e.data),
          });
      if (rewrites.length === 0 || counted.has(streamId)) continue;
      if (options.dryRun) counted.add(streamId);
      if (!options.dryRun) await raw.rewriteEvents!(streamId, rewrites);
      streams++;
      events += rewrites.length;
      await options.afterStream?.(streamId);
    }
    position = batch[batch.length - 1]!.position;
    if (!options.dryRun) await readStore.write([], { projection: MIGRATION_CHECKPOINT, position });
    options.onProgress?.({ position, head: position > head ? position : head, streams, events });
  }
  return { streams, events, resumedFrom };
}
