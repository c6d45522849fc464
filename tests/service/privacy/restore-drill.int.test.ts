import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { AdminEnrollmentDetail, AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import type { EnrollmentResponse } from '../../../contracts/enrollment/api.js';
import { ERASED } from '../../../contracts/privacy/classes.js';
import { baseForm } from '../../support/enrollment-forms.js';
import { FAMILY } from '../../support/privacy-samples.js';
import { compiled, startServer, type RunningServer } from '../../support/server.js';
import { asNewVisitor } from '../../support/visitors.js';
import { CHILDREN, familyFormInput } from './support.js';

const ADMIN_KEY = 'test-admin-key-123456';

/** A compiled CLI of the service, run to its end. */
function run(cli: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [compiled(`service/${cli}`), ...args], {
      env: { ...process.env, ADMIN_KEY, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    proc.on('exit', (code) => resolve({ code, out }));
  });
}

/** Seats held per workshop, straight from the events (reserved less released), without the service. */
function heldSeatsIn(eventsFile: string): Map<string, number> {
  const db = new Database(eventsFile, { readonly: true });
  try {
    const rows = db
      .prepare("SELECT type, data FROM events WHERE type IN ('SeatsReserved', 'SeatsReleased') ORDER BY position")
      .all() as { type: string; data: string }[];
    const held = new Map<string, number>();
    for (const { type, data } of rows) {
      const { workshopId, seats } = JSON.parse(data) as { workshopId: string; seats: number };
      held.set(workshopId, (held.get(workshopId) ?? 0) + (type === 'SeatsReserved' ? seats : -seats));
    }
    return held;
  } finally {
    db.close();
  }
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]));

function client(server: RunningServer) {
  return async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'Admin-Key': ADMIN_KEY, ...asNewVisitor() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
    };
  };
}

/** Adult workshops 6 ($150) and 9 ($130), held unpaid: each acknowledged enrollment holds its seats. */
const WORKSHOPS = [
  { id: '6', price: 150 },
  { id: '9', price: 130 },
];

describe('backups that keep the promise (npm run backup, npm run restore)', () => {
  it(
    'given enrollments written while a backup runs and a family erased after it, when the backup is restored into a new folder, then every enrollment acknowledged before it began is there, the seat figures match the enrollments restored, and the family is still erased',
    { timeout: 120_000 },
    async () => {
      const backupDir = mkdtempSync(join(tmpdir(), 'drill-backups-'));
      const restoredDir = join(mkdtempSync(join(tmpdir(), 'drill-restored-')), 'data');
      let server: RunningServer | undefined;
      let restored: RunningServer | undefined;
      try {
        server = await startServer({
          BACKUP_DIR: backupDir,
          RATE_LIMIT_PER_MINUTE: 'off',
          MAX_HELD_SEATS_PER_CLIENT: 'off',
        });
        const call = client(server);
        const family = await call<EnrollmentResponse>('POST', `/api/enroll/workshop/${CHILDREN}`, {
          ...familyFormInput(),
          totalPrice: 300,
        });
        expect(family.status).toBe(201);

        // A writer that goes on while the backup runs; each enrollment noted with when it was acknowledged.
        const acknowledged: { id: string; at: number }[] = [];
        let writing = true;
        let n = 0;
        const writer = (async () => {
          while (writing) {
            const w = WORKSHOPS[n % WORKSHOPS.length]!;
            const r = await call<EnrollmentResponse>('POST', `/api/enroll/workshop/${w.id}`, {
              ...baseForm({ email: `drill-${n++}@example.com` }),
              totalPrice: w.price,
            });
            if (r.status === 201) acknowledged.push({ id: r.body.enrollmentId, at: performance.now() });
            else if (r.status !== 409) throw new Error(`enroll answered ${r.status}: ${JSON.stringify(r.body)}`);
          }
        })();
        while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 20));
        const backupStarted = performance.now();
        const backup = await run('backup-cli.js', [], { DATA_DIR: server.dataDir, BACKUP_DIR: backupDir });
        expect(backup.code, backup.out).toBe(0);
        while (acknowledged.filter((a) => a.at > backupStarted).length < 3) await new Promise((r) => setTimeout(r, 20));
        writing = false;
        await writer;
        const folder = readdirSync(backupDir).find((f) => f.startsWith('backup-'))!;
        expect(readdirSync(join(backupDir, folder)).sort()).toEqual([
          'booking-link.secret',
          'events.db',
          'keys.db',
          'offline-payments.db',
          'read.db',
        ]);

        // After the backup, the family asks to be erased.
        expect((await call('POST', '/api/admin/privacy/erasures', { email: FAMILY.email })).status).toBe(202);
        expect(await server.stop()).toBe(0);

        const restore = await run('restore-cli.js', [join(backupDir, folder)], {
          DATA_DIR: restoredDir,
          BACKUP_DIR: backupDir,
        });
        expect(restore.code, restore.out).toBe(0);
        expect(restore.out).toContain('1 erased again');

        restored = await startServer({ BACKUP_DIR: backupDir }, restoredDir);
        const again = client(restored);
        const rows = (await again<AdminEnrollmentRecord[]>('GET', '/api/admin/enrollments')).body;
        const present = new Set(rows.map((r) => r.id));
        for (const a of acknowledged.filter((x) => x.at < backupStarted)) expect(present, a.id).toContain(a.id);
        for (const r of rows)
          expect(r.id === family.body.enrollmentId || acknowledged.some((a) => a.id === r.id)).toBe(true);

        // The figures: seats taken in the restored schedule are the seats the restored events hold. The
        // backup is one instant of the writer's work: an enrollment in flight then may have its seats
        // held and not its submission yet, as after a crash; that hold lapses with HOLD_MINUTES.
        const seatsHeld = heldSeatsIn(join(restoredDir, 'events.db'));
        for (const w of WORKSHOPS) {
          const workshop = (await again<Workshop>('GET', `/api/workshops/${w.id}`)).body;
          const booked = rows
            .filter((r) => r.workshopId === w.id && r.status === 'pending')
            .reduce((s, r) => s + r.participants, 0);
          expect(workshop.capacity - workshop.spotsLeft, `workshop ${w.id}`).toBe(seatsHeld.get(w.id) ?? 0);
          expect(
            (seatsHeld.get(w.id) ?? 0) - booked,
            `workshop ${w.id}: at most the one enrollment in flight`,
          ).toBeLessThanOrEqual(1);
        }
        const erased = (await again<AdminEnrollmentDetail>('GET', `/api/admin/enrollments/${family.body.enrollmentId}`))
          .body;
        expect(erased).toMatchObject({ firstName: ERASED, email: ERASED, participants: 2 });
        expect(erased.participantDetails![0]!.dietaryRestrictions).toBe(ERASED);
        const bytes = filesUnder(restoredDir).map((f) => readFileSync(f));
        for (const value of [FAMILY.parentLast, FAMILY.allergy, FAMILY.email])
          expect(
            bytes.some((b) => b.includes(Buffer.from(value))),
            value,
          ).toBe(false);
      } finally {
        await server?.stop('SIGKILL');
        await restored?.stop('SIGKILL');
      }
    },
  );
});
