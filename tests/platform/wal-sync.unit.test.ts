import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FileSyncer, WalSync, syncerOf } from '../../platform/wal-sync.js';

/** A syncer the test finishes by hand: each sync waits in `calls` until `finish` is called. */
function heldSyncer() {
  const calls: ((error: NodeJS.ErrnoException | null) => void)[] = [];
  let released = false;
  const syncer: FileSyncer = {
    sync: (done) => calls.push(done),
    release: () => (released = true),
  };
  return {
    syncer,
    calls,
    released: () => released,
    finish: (i: number, error: NodeJS.ErrnoException | null = null) => calls[i]!(error),
  };
}

const settledOf = (p: Promise<unknown>) => {
  let state = 'pending';
  p.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  return () => state;
};
const tick = () => new Promise((r) => setImmediate(r));

describe('WalSync', () => {
  it('given a sync under way, when more commits ask, then they wait for the next sync, which serves all of them', async () => {
    const held = heldSyncer();
    const wal = new WalSync('/nowhere-wal', held.syncer);
    const first = settledOf(wal.durable());
    const second = settledOf(wal.durable());
    const third = settledOf(wal.durable());
    expect(held.calls).toHaveLength(1);

    held.finish(0);
    await tick();
    // The first was committed before the sync began; the others after, so the disk may not have them yet.
    expect([first(), second(), third()]).toEqual(['resolved', 'pending', 'pending']);
    expect(held.calls).toHaveLength(2);

    held.finish(1);
    await tick();
    expect([second(), third()]).toEqual(['resolved', 'resolved']);
    expect(held.calls).toHaveLength(2);
  });

  it('given the disk fails a sync, then the commits it served reject, and the next sync serves the later ones', async () => {
    const held = heldSyncer();
    const wal = new WalSync('/nowhere-wal', held.syncer);
    const failed = wal.durable();
    const later = settledOf(wal.durable());
    held.finish(0, Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(failed).rejects.toThrow(/EIO/);
    held.finish(1);
    await tick();
    expect(later()).toBe('resolved');
  });

  it('when closed, then it waits for the syncs under way before letting go of the log', async () => {
    const held = heldSyncer();
    const wal = new WalSync('/nowhere-wal', held.syncer);
    void wal.durable();
    const closed = settledOf(wal.close());
    await tick();
    expect([closed(), held.released()]).toEqual(['pending', false]);
    held.finish(0);
    await tick();
    expect([closed(), held.released()]).toEqual(['resolved', true]);
  });

  it('given a real file, then it is synced (the folder too, the first time); a file that is not there is an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-sync-'));
    try {
      const file = join(dir, 'events.db-wal');
      writeFileSync(file, 'frames');
      const wal = new WalSync(file);
      await wal.durable();
      await wal.durable();
      await wal.close();
      await expect(new WalSync(join(dir, 'missing-wal')).durable()).rejects.toThrow(/ENOENT/);
      const syncer = syncerOf(file);
      await new Promise<void>((resolve, reject) => syncer.sync((e) => (e ? reject(e) : resolve())));
      syncer.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
