import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CountingWebDist {
  /** A copy of the real build whose server renderer counts its renders and can be held. */
  dir: string;
  /** How many pages the service asked the renderer for so far. */
  renders(): number;
  /** From now on each render waits until the function returned is called (renders already waiting included). */
  hold(): () => void;
  remove(): void;
}

type Gate = { renders: number; held?: Promise<void> };

/**
 * The real web build, copied, with its server entry's `render` wrapped: each call is counted, and
 * waits while the test holds renders. The service loads it as it loads any build
 * (service/site/server-render.ts), so what is counted is what the service asked for.
 */
export function countingWebDist(dist: string): CountingWebDist {
  const dir = mkdtempSync(join(tmpdir(), 'counting-web-'));
  cpSync(dist, dir, { recursive: true });
  const key = `__renders_${randomUUID().replace(/-/g, '')}`;
  const gate: Gate = { renders: 0 };
  (globalThis as Record<string, unknown>)[key] = gate;

  const entry = join(dir, 'server', 'entry-server.js');
  const source = readFileSync(entry, 'utf8');
  const exports = /export \{[^}]*\}\s*;?\s*$/.exec(source);
  if (!exports || !/\brender\b(?! as)/.test(exports[0])) throw new Error('The server entry exports no `render`.');
  const wrapper = `const __countedRender = async (request) => {
  const gate = globalThis[${JSON.stringify(key)}];
  gate.renders += 1;
  await gate.held;
  return render(request);
};
`;
  writeFileSync(
    entry,
    source.slice(0, exports.index) + wrapper + exports[0].replace(/\brender\b(?! as)/, '__countedRender as render'),
  );

  return {
    dir,
    renders: () => gate.renders,
    hold() {
      let release!: () => void;
      gate.held = new Promise((resolve) => (release = resolve));
      return () => {
        gate.held = undefined;
        release();
      };
    },
    remove() {
      delete (globalThis as Record<string, unknown>)[key];
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
