import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The service compiled for this run, as `npm run build` compiles it: `<folder>/service/main.js`. */
    compiledService: string;
  }
}

/**
 * The int tier's global setup: compiles the service once (build-server.js, the step `npm run build`
 * runs, about a second) into a folder of this run's own, and every server and CLI the tests start
 * runs it with plain `node`, as `npm start` and the image do. Compiled from the source as it is now,
 * so the tier still tests the code as edited, without loading a TypeScript compiler into each of
 * the dozens of processes it starts. Inside the project, so the output finds node_modules and
 * package.json's "type": "module" as build/ does.
 */
export default function setup(project: TestProject) {
  const out = `.tmp/int-service-${process.pid}`;
  execFileSync(process.execPath, ['build-server.js', out], { stdio: 'pipe' });
  project.provide('compiledService', out);
  return () => rmSync(out, { recursive: true, force: true });
}
