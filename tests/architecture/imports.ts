import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript';

/** The project's own files and the relative imports each makes, read with TypeScript's own pre-parser. */
export interface SourceFile {
  /** Repository-relative path with forward slashes, e.g. `service/enrollment/sale/routes.ts`. */
  path: string;
  /** Repository-relative paths of the project files it imports (type-only and dynamic imports included). */
  imports: string[];
}

const SOURCE = /\.(ts|tsx)$/;

function walk(root: string, folder: string, out: string[]): void {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(root, path, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
}

/** An import specifier's file: a `.js` specifier is written for its `.ts` file (NodeNext), or names a .tsx, or a folder's index. */
function resolveImport(known: Set<string>, from: string, spec: string): string | null {
  const base = normalize(join(dirname(from), spec))
    .split(sep)
    .join('/');
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`])
    if (known.has(candidate)) return candidate;
  return null;
}

/** Every .ts/.tsx file under the given top folders, with the project files it imports. */
export function readSources(root: string, folders: readonly string[]): SourceFile[] {
  const paths: string[] = [];
  for (const folder of folders) walk(root, folder, paths);
  const known = new Set(paths);
  return paths.map((path) => {
    const info = ts.preProcessFile(readFileSync(join(root, path), 'utf8'), true, true);
    const imports = info.importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => {
        const target = resolveImport(known, path, spec);
        // An import that leaves the folders read (or names nothing) is reported as written, so a rule can refuse it.
        return (
          target ??
          normalize(join(dirname(path), spec))
            .split(sep)
            .join('/')
        );
      });
    return { path, imports };
  });
}

/** The top folder of a path (`service`), and its part inside a top folder (`enrollment`, or the file for a top-level file). */
export const topOf = (path: string) => path.split('/')[0]!;
export const partOf = (path: string) => path.split('/')[1]!;
/** A slice of a top folder (`service/enrollment`), and its part inside the slice (`service/enrollment/sale`, or a file at the slice's top). */
export const sliceOf = (path: string) => path.split('/').slice(0, 2).join('/');
export const slicePartOf = (path: string) => path.split('/').slice(0, 3).join('/');

/** Cycles of a directed graph, each as the list of its nodes (Tarjan's strongly connected components of two or more nodes, or a self-loop). */
export function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      for (let w = ''; w !== v;) {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      }
      if (component.length > 1 || edges.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!indices.has(v)) visit(v);
  return found;
}

/** Adds an edge a -> b. */
export function addEdge(edges: Map<string, Set<string>>, a: string, b: string): void {
  let to = edges.get(a);
  if (!to) edges.set(a, (to = new Set()));
  to.add(b);
}

/** Which top folders each top folder may import (itself always). */
export const ALLOWED: Record<string, readonly string[]> = {
  contracts: [],
  platform: ['contracts'],
  projections: ['contracts', 'platform'],
  service: ['contracts', 'platform', 'projections'],
  web: ['contracts'],
};

/** An import a rule refuses, as "from -> to (why)". */
export function violations(files: readonly SourceFile[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    const from = topOf(f.path);
    const allowed = ALLOWED[from];
    if (!allowed) continue;
    for (const target of f.imports) {
      const to = topOf(target);
      if (to !== from && !allowed.includes(to))
        out.push(`${f.path} -> ${target} (${from} may import only ${[from, ...allowed].join(', ')})`);
    }
  }
  return out;
}

/** Cycles between top folders, and between the parts (slices, or top-level files) inside each of `within`. */
export function folderCycles(files: readonly SourceFile[], within: readonly string[]): string[][] {
  const top = new Map<string, Set<string>>();
  const inner = new Map<string, Map<string, Set<string>>>(within.map((w) => [w, new Map()]));
  for (const f of files) {
    for (const target of f.imports) {
      const [a, b] = [topOf(f.path), topOf(target)];
      if (a !== b) addEdge(top, a, b);
      else if (inner.has(a) && partOf(f.path) !== partOf(target))
        addEdge(inner.get(a)!, `${a}/${partOf(f.path)}`, `${a}/${partOf(target)}`);
    }
  }
  return [...cycles(top), ...[...inner.values()].flatMap(cycles)];
}

/**
 * Cycles between the parts inside each slice of `within` (its folders, and the files at its top):
 * `service/enrollment/sale` importing `service/enrollment/payment` that imports it back.
 */
export function sliceCycles(files: readonly SourceFile[], within: readonly string[]): string[][] {
  const bySlice = new Map<string, Map<string, Set<string>>>();
  for (const f of files) {
    if (!within.includes(topOf(f.path)) || f.path.split('/').length < 3) continue;
    for (const target of f.imports) {
      const slice = sliceOf(f.path);
      const [a, b] = [slicePartOf(f.path), slicePartOf(target)];
      if (sliceOf(target) !== slice || target.split('/').length < 3 || a === b) continue;
      if (!bySlice.has(slice)) bySlice.set(slice, new Map());
      addEdge(bySlice.get(slice)!, a, b);
    }
  }
  return [...bySlice.values()].flatMap(cycles);
}

export const relativeTo = (root: string, path: string) => relative(root, path).split(sep).join('/');
