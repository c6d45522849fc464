import { close, fdatasync, fsync, open } from 'node:fs';
import { dirname } from 'node:path';

/** Syncs the file to disk, then calls back; `release` lets go of what it holds. */
export interface FileSyncer {
  sync(done: (error: NodeJS.ErrnoException | null) => void): void;
  release(): void;
}

/**
 * fdatasync(2) of `file` on libuv's thread pool, so the event loop goes on meanwhile, through a
 * descriptor of its own: the sync flushes the file whichever descriptor names it, so the one SQLite
 * writes through is covered (its size too, which is all of its metadata a read needs). The
 * descriptor is opened at the first sync (SQLite makes the log at the first commit) and kept:
 * SQLite removes or replaces the log only when the last connection to the database closes, and the
 * store's own connection stays open as long as this does. That first sync also syncs the folder, so
 * the log's name is on disk as well as its contents.
 */
export function syncerOf(file: string): FileSyncer {
  let fd: number | null = null;
  return {
    sync(done) {
      if (fd !== null) return fdatasync(fd, done);
      open(file, 'r', (error, opened) => {
        if (error) return done(error);
        fd = opened;
        fdatasync(opened, (syncError) => {
          if (syncError) return done(syncError);
          syncFolder(dirname(file), done);
        });
      });
    },
    release() {
      if (fd !== null) close(fd, () => undefined);
      fd = null;
    },
  };
}

function syncFolder(folder: string, done: (error: NodeJS.ErrnoException | null) => void): void {
  open(folder, 'r', (error, fd) => {
    if (error) return done(error);
    fsync(fd, (syncError) => close(fd, () => done(syncError)));
  });
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Durable commits for a SQLite database in WAL mode with `synchronous = NORMAL`, without blocking
 * the event loop. With FULL, SQLite fsyncs the log inside every commit, on the thread that commits:
 * for the API's thread that was a quarter of its time at load, waiting on the disk. With NORMAL a
 * commit only writes the log's new frames, and SQLite syncs the log itself before every checkpoint;
 * `durable()` then syncs the log on the thread pool, and whoever waits on it (an append's promise)
 * is answered once everything committed before the call is on disk.
 *
 * Calls while a sync is under way wait for the next one, which takes all of them: one fsync for
 * every commit of that time, as the stores' group commit shares one transaction.
 *
 * What this does not give: another connection can read a commit before it is on disk (with FULL,
 * after). A process that crashes loses nothing either way (the frames are in the kernel's cache);
 * only a power cut in that millisecond can take back a commit that somebody read and nobody was
 * answered for.
 */
export class WalSync {
  private waiting: Waiter[] = [];
  private running: Promise<void> | null = null;

  private readonly syncer: FileSyncer;

  /** `syncer` is how the log is synced (a test holds or fails it). */
  constructor(
    readonly walFile: string,
    syncer?: FileSyncer,
  ) {
    this.syncer = syncer ?? syncerOf(walFile);
  }

  /** Resolves once what was committed before this call is on disk; rejects with the sync's error. */
  durable(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.running) this.start();
    });
  }

  /** Waits until no sync is under way or waiting, then lets go of the log (the store is closing). */
  async close(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    this.syncer.release();
  }

  private start(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.running = new Promise<void>((resolve, reject) =>
      this.syncer.sync((error) => {
        for (const w of batch) {
          if (error) w.reject(error);
          else w.resolve();
        }
        this.running = null;
        if (this.waiting.length > 0) this.start();
        if (error) reject(error);
        else resolve();
      }),
    );
    // `settled()` reads the outcome; nobody else awaits this promise.
    this.running.catch(() => undefined);
  }
}
