import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compiled } from '../support/server.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'projections-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run projections -- ...` (the compiled CLI, run by node) on the embedded stores of a fresh data folder. */
function cli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.MONGODB_URL;
  delete env.EVENTSTORE_URL;
  const r = spawnSync(process.execPath, [compiled('service/projections-cli.js'), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run projections', () => {
  it('status prints a table of every projection with checkpoint, head and lag', () => {
    const r = cli('status');
    expect(r.code, r.stderr).toBe(0);
    const [header, rule, ...rows] = r.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^projection\s+checkpoint\s+head\s+lag\s+state$/);
    expect(rule).toMatch(/^-+(\s+-+){4}$/);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => /never ran|up to date|behind/.test(row))).toBe(true);
  });

  it('rebuild of one projection prints plain progress lines when not on a terminal, then status shows it', () => {
    const first = cli('status').stdout.split('\n')[2]!.split(/\s+/)[0]!;
    const r = cli('rebuild', first);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`[rebuild] ${first}: done`);
    expect(r.stdout).not.toMatch(/\u001b\[/);
  });

  it('refuses an unknown projection or command with a usage message', () => {
    const unknown = cli('rebuild', 'no-such-projection');
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toMatch(/Unknown projection "no-such-projection"\. Known: /);
    const bad = cli('frobnicate');
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('Usage: npm run projections -- status | rebuild [name]');
  });
});
