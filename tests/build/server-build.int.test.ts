import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../support/server.js';

/**
 * Given the service compiled as `npm run build` compiles it (build-server.js), then plain `node`
 * runs what operators run, with no TypeScript loader. The int tier compiles it once for the run, into
 * a folder of its own under .tmp/ (tests/support/compiled-service.setup.ts; inside the project, so
 * the output finds node_modules and package.json as build/ does), and this reads that output.
 */
const out = inject('compiledService');
const dataDirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'server-build-'));
  dataDirs.push(dir);
  return dir;
};
const env = (dataDir: string): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_KEY: 'test-admin-key-123456',
  };
  delete e.MONGODB_URL;
  delete e.EVENTSTORE_URL;
  delete e.NODE_OPTIONS;
  return e;
};
/** A compiled file's path in this test's output, for a path under build/. */
const compiled = (path: string) => path.replace(/^build\//, `${out}/`);

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** What a compiled module imports: static imports and re-exports (esbuild writes each at a line's start) and import(). */
function specifiersOf(text: string): string[] {
  return [
    ...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gm),
    ...text.matchAll(/^import\s*"([^"]+)"/gm),
    ...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
  ].map((m) => m[1]!);
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('given the build, then every file package.json, the Dockerfile and docker-compose.yml run with node is in it', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    const fromScripts = Object.values(scripts).flatMap((s) =>
      [...s.matchAll(/\bnode (build\/\S+\.js)/g)].map((m) => m[1]!),
    );
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))![1]!;
    const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as {
      services: Record<string, { command?: string[] }>;
    };
    const fromCompose = Object.values(compose.services).flatMap((s) =>
      s.command?.[0] === 'node' ? [s.command[1]!] : [],
    );
    const entries = new Set([...fromScripts, (JSON.parse(cmd) as string[])[1]!, ...fromCompose]);

    expect([...entries].sort()).toEqual([
      'build/service/backup-cli.js',
      'build/service/main.js',
      'build/service/privacy-cli.js',
      'build/service/projections-cli.js',
      'build/service/projector.js',
      'build/service/restore-cli.js',
    ]);
    for (const entry of entries) expect(existsSync(compiled(entry)), entry).toBe(true);
  });

  it('given the build, then no compiled file imports TypeScript source or tsx', () => {
    const files = filesUnder(out);
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      expect(file.endsWith('.js'), file).toBe(true);
      const specifiers = specifiersOf(readFileSync(file, 'utf8'));
      expect(
        specifiers.filter((s) => /\.tsx?$|^tsx(\/|$)/.test(s)),
        file,
      ).toEqual([]);
    }
  });

  it('given the build, then every package it imports is a production dependency (the image installs no others)', () => {
    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const specifiers = filesUnder(out).flatMap((file) => specifiersOf(readFileSync(file, 'utf8')));
    const packages = new Set(
      specifiers
        .filter((s) => !s.startsWith('.') && !s.startsWith('node:'))
        .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2) : s.split('/').slice(0, 1)).join('/')),
    );
    expect(packages.size).toBeGreaterThan(5);
    for (const name of packages) expect(dependencies[name], name).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('when node runs the compiled projections CLI on a fresh data folder, then it prints every projection as never run', () => {
    const r = spawnSync(process.execPath, [compiled('build/service/projections-cli.js'), 'status'], {
      env: env(freshDataDir()),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const [header, , ...rows] = r.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^projection\s+checkpoint\s+head\s+lag\s+state$/);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.endsWith('never ran'))).toBe(true);
  });

  it('when node runs the compiled server on a fresh data folder, then /ready answers and the seeded workshops are served', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [compiled('build/service/main.js')], {
      env: { ...env(freshDataDir()), PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    try {
      const deadline = Date.now() + 30_000;
      let ready = false;
      while (!ready && server.exitCode === null && Date.now() < deadline) {
        ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready, output).toBe(true);
      const workshops = (await (await fetch(`http://127.0.0.1:${port}/api/workshops`)).json()) as unknown[];
      expect(workshops.length).toBeGreaterThan(0);
    } finally {
      server.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    }
  });
});
