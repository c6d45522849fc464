import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Given the Dockerfile and package.json as shipped, then the image runs the compiled service with
 * plain node on production dependencies only: no TypeScript loader, no compiler. Docker cannot run
 * here, so this reads the files; tests/build/server-build.int.test.ts runs what they name.
 */

interface Stage {
  name: string;
  from: string;
  lines: string[];
}

/** The Dockerfile's stages, each with its instructions (continuation lines joined). */
function stages(text: string): Stage[] {
  const out: Stage[] = [];
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const line of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) out.push({ from: from[1]!, name: from[2] ?? String(out.length), lines: [] });
    else out.at(-1)!.lines.push(line);
  }
  return out;
}

const dockerfile = stages(readFileSync('Dockerfile', 'utf8'));
const runtime = dockerfile.at(-1)!;
const stage = (name: string) => dockerfile.find((s) => s.name === name)!;
/** `COPY --from=<stage> ... <source> <target>` lines of the runtime stage, as [stage, source, target]. */
const copiedFrom = runtime.lines.flatMap((l) => {
  const m = /^COPY\s+--from=(\S+)\s+(?:--chown=\S+\s+)?(.+)\s+(\S+)$/.exec(l);
  return m ? m[2]!.split(/\s+/).map((source) => [m[1]!, source, m[3]!] as const) : [];
});
/** Every RUN of a stage and of the stages it is built FROM. */
const runsOf = (s: Stage): string[] => {
  const parent = dockerfile.find((p) => p.name === s.from);
  return [...(parent ? runsOf(parent) : []), ...s.lines.filter((l) => l.startsWith('RUN '))];
};

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('Dockerfile', () => {
  it('given the runtime stage, then it runs node on the compiled service, with no loader', () => {
    expect(runtime.lines.filter((l) => l.startsWith('CMD '))).toEqual(['CMD ["node", "build/service/main.js"]']);
    expect(runtime.lines.join('\n')).not.toMatch(/\btsx\b|typescript|esbuild/);
  });

  it('given the runtime stage, then it takes node_modules from a production-only install and from the build only dist/ and build/', () => {
    const modules = copiedFrom.filter(([, source]) => source.endsWith('/node_modules'));
    expect(modules).toHaveLength(1);
    const [depsStage] = modules[0]!;
    expect(runsOf(stage(depsStage))).toContain('RUN npm ci --omit=dev');
    expect(runsOf(stage(depsStage)).filter((r) => /npm (ci|install)/.test(r))).toEqual(['RUN npm ci --omit=dev']);

    const fromBuild = copiedFrom.filter(([from]) => from === 'build').map(([, source]) => source);
    expect(fromBuild.sort()).toEqual(['/app/build', '/app/dist']);
    expect(runsOf(stage('build'))).toContain('RUN npm run build');
    // Neither the source tree nor the full install reaches the image.
    expect(copiedFrom.map(([, source]) => source)).not.toContain('/app');
  });
});

describe('package.json', () => {
  it('given the dependencies, then tsx and the compilers are for development only', () => {
    for (const tool of ['tsx', 'esbuild', 'typescript', 'vite']) {
      expect(pkg.dependencies[tool], tool).toBeUndefined();
      expect(pkg.devDependencies[tool], tool).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('given the operator scripts, then they run node on the compiled service, and `npm run build` compiles it', () => {
    expect(pkg.scripts.start).toBe('npm run build && node build/service/main.js');
    expect(pkg.scripts.serve).toBe('node build/service/main.js');
    expect(pkg.scripts.projector).toBe('node build/service/projector.js');
    expect(pkg.scripts.projections).toBe('node build/service/projections-cli.js');
    expect(pkg.scripts.build).toMatch(/&& node build-server\.js$/);
  });
});

describe('docker-compose.yml', () => {
  it('given the projector service, then it runs the compiled projector from the same image', () => {
    const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as {
      services: Record<string, { build?: string; command?: string[] }>;
    };
    expect(compose.services.projector!.build).toBe('.');
    expect(compose.services.projector!.command).toEqual(['node', 'build/service/projector.js']);
    // The APIs run the image's CMD.
    expect(compose.services['api-1']!.command).toBeUndefined();
    expect(compose.services['api-2']!.command).toBeUndefined();
  });
});
