import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compiled } from '../support/server.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(join(tmpdir(), 'operator-commands-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const folder = () => join(scratch, `f${folders++}`);

/** One operator command (compiled, run by node) with the environment given over a clean one. */
function run(cli: string, args: string[], env: Record<string, string> = {}) {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  for (const name of ['MONGODB_URL', 'EVENTSTORE_URL', 'ADMIN_KEY', 'PSEUDONYM_SECRET'])
    if (!(name in env)) delete base[name];
  const r = spawnSync(process.execPath, [compiled(`service/${cli}`), ...args], {
    cwd: root,
    env: base,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const PRODUCTION = { EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false', MONGODB_URL: 'mongodb://127.0.0.1:1' };

describe('npm run privacy', () => {
  it('given no command or an unknown flag, then it prints its usage and exits 64', () => {
    for (const args of [[], ['migrate', '--now']]) {
      const r = run('privacy-cli.js', args, { DATA_DIR: folder() });
      expect(r.code).toBe(64);
      expect(r.stderr).toBe('Usage: npm run privacy -- migrate [--dry-run]\n');
    }
  });

  it('given no admin key kept or set, then it names ADMIN_KEY and exits 78', () => {
    const r = run('privacy-cli.js', ['migrate', '--dry-run'], { DATA_DIR: folder() });
    expect(r.code).toBe(78);
    expect(r.stderr).toContain('ADMIN_KEY: set it (or PSEUDONYM_SECRET) as the server has it');
  });

  it('given a fresh data folder and the key, when it migrates as a dry run, then it counts nothing in clear and exits 0', () => {
    const r = run('privacy-cli.js', ['migrate', '--dry-run'], {
      DATA_DIR: folder(),
      ADMIN_KEY: 'a-long-enough-admin-key',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('[migrate] dry run: 0 streams, 0 events hold personal data in clear; nothing changed\n');
  });
});

describe('npm run backup', () => {
  it('given an argument, then it prints its usage and exits 64', () => {
    const r = run('backup-cli.js', ['now'], { DATA_DIR: folder() });
    expect(r.code).toBe(64);
    expect(r.stderr).toBe('Usage: npm run backup\n');
  });

  it('given the production stores, then it sends the operator to their own tools and exits 78', () => {
    const r = run('backup-cli.js', [], { DATA_DIR: folder(), ADMIN_KEY: 'a-long-enough-admin-key', ...PRODUCTION });
    expect(r.code).toBe(78);
    expect(r.stderr).toContain('npm run backup copies the embedded SQLite stores');
  });
});

describe('npm run restore', () => {
  it('given no folder, then it prints its usage and exits 64', () => {
    const r = run('restore-cli.js', [], { DATA_DIR: folder() });
    expect(r.code).toBe(64);
    expect(r.stderr).toBe('Usage: npm run restore <backup folder>\n');
  });

  it('given the production stores, then it refuses and exits 78', () => {
    const r = run('restore-cli.js', [folder()], {
      DATA_DIR: folder(),
      ADMIN_KEY: 'a-long-enough-admin-key',
      ...PRODUCTION,
    });
    expect(r.code).toBe(78);
    expect(r.stderr).toContain('npm run restore restores the embedded SQLite stores');
  });

  it('given a DATA_DIR that is not empty, then it says so, prefixed with the command, and exits 1', () => {
    const backup = folder();
    mkdirSync(backup);
    writeFileSync(join(backup, 'events.db'), '');
    const dataDir = folder();
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'events.db'), '');
    const r = run('restore-cli.js', [backup], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `restore: ${dataDir} is not empty: restore into an empty DATA_DIR (move the old one aside first)\n`,
    );
  });
});
