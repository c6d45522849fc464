import { isIslandName, ISLANDS } from '../../contracts/site/pages.js';
import type { Hydration, RenderedPage } from '../../contracts/site/ssr.js';
import { jsonForScript, SSR_PAYLOAD_ID } from '../../contracts/site/ssr.js';

/** The part of Vite's build manifest read here: each chunk's file, CSS and static imports. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  /** Stylesheets, in cascade order (a chunk's imports before the chunk). */
  css: string[];
  /** The module script that takes the page over. */
  entry: string;
  /** Everything that script imports statically, and the chunks it will import for this page, to fetch at once. */
  preload: string[];
  /** Each island's chunk and the chunks it imports, by island name: the page's data names them for the browser. */
  islands: Record<string, { module: string; imports: string[] }>;
}

/** The build manifest's keys of a chunk and everything it imports statically, imports first. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  // Re-inserted after its imports, so the set lists dependencies before dependants.
  into.delete(key);
  into.add(key);
  return into;
}

/** The app's entry (index.html) and the islands' entry (islands.tsx). */
const APP_ENTRY = 'index.html';
const ISLANDS_ENTRY = 'islands.tsx';

/**
 * What a rendered page loads. Its CSS is that of the app's shell and of its page (the server drew
 * the page with them, whoever hydrates it). Its scripts depend on how it is taken over: the whole
 * app (the entry, its imports and the page's chunk, fetched together so hydration waits for no
 * second round trip), or only its islands: then just the tiny islands entry, which fetches React
 * and the islands after the first paint (web/islands.tsx): no router, no data layer.
 */
export function pageAssets(
  manifest: Manifest,
  pages: readonly string[],
  hydration: Hydration,
  islandNames: readonly string[] = [],
): PageAssets {
  const shell = closure(manifest, APP_ENTRY);
  const pageChunks = new Set<string>();
  // A page's module (as the page manifest names it, under web/) is its chunk's key in the build manifest.
  for (const module of pages) closure(manifest, module, pageChunks);
  const css = new Set<string>();
  for (const key of [...shell, ...pageChunks]) for (const file of manifest[key]!.css ?? []) css.add(file);

  const entryKey = hydration.mode === 'app' ? APP_ENTRY : ISLANDS_ENTRY;
  const scripts = closure(manifest, entryKey);
  if (hydration.mode === 'app') for (const key of pageChunks) scripts.add(key);
  scripts.delete(entryKey);
  return {
    css: [...css],
    entry: manifest[entryKey]?.file ?? '',
    preload: [...scripts].map((k) => manifest[k]!.file),
    islands: islandChunks(manifest, islandNames),
  };
}

/**
 * Where each island's code is: its chunk (an entry of the build, exporting the island under its
 * name) and every chunk that imports, so the browser fetches them side by side. Names the build
 * does not know are left out (the renderer refuses them before this).
 */
function islandChunks(manifest: Manifest, names: readonly string[]): PageAssets['islands'] {
  const chunks: PageAssets['islands'] = {};
  for (const name of names) {
    const key = isIslandName(name) ? ISLANDS[name] : undefined;
    if (!key || !manifest[key]) continue;
    const imports = closure(manifest, key);
    imports.delete(key);
    chunks[name] = { module: manifest[key].file, imports: [...imports].map((k) => manifest[k]!.file) };
  }
  return chunks;
}

export interface PageTemplate {
  /** The built index.html up to `<div id="root">`, without its scripts and stylesheets. */
  before: string;
  after: string;
}

const HEAD_END = '</head>';
const ROOT = '<div id="root"></div>';
const BODY_END = '</body>';

/**
 * The built index.html made ready for rendered pages: its generic title and description go (each
 * page brings its own), and so does the <noscript> note, since a rendered page reads without
 * JavaScript. Its scripts and stylesheets go too: each page names its own (see pageAssets). Null
 * when the file is not a shell this can fill.
 */
export function pageTemplate(indexHtml: string): PageTemplate | null {
  const html = indexHtml
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '');
  const root = html.indexOf(ROOT);
  if (root < 0 || !html.includes(HEAD_END) || !html.includes(BODY_END)) return null;
  return { before: html.slice(0, root), after: html.slice(root + ROOT.length) };
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** CSS that can sit inside <style>: nothing in it can close the element (`\/` is `/` to CSS). */
const styleText = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

/**
 * The document of a rendered page. Its stylesheets are inlined: the first paint waits for no
 * request but the page's own. Each is also named by a `disabled` link, which a browser does not
 * fetch, so that the app, loading a chunk whose CSS is here already, does not fetch it again (Vite's
 * loader skips a stylesheet a link already names). The entry script comes after the markup and
 * data (a module runs after parsing wherever it stands; the preloads fetch it early).
 */
export function pageDocument(
  template: PageTemplate,
  page: RenderedPage,
  assets: PageAssets,
  cssText: (file: string) => string,
): string {
  const head = [
    page.head,
    ...assets.css.map((f) => `<style data-href="/${attr(f)}">${styleText(cssText(f))}</style>`),
    ...assets.css.map((f) => `<link rel="stylesheet" href="/${attr(f)}" disabled>`),
    `<link rel="modulepreload" crossorigin href="/${attr(assets.entry)}">`,
    ...assets.preload.map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}">`),
  ].join('');
  const before = template.before.replace(HEAD_END, `${head}${HEAD_END}`);
  const islands = page.payload.islands?.map((island) => ({ ...island, ...assets.islands[island.name] }));
  const payload = islands ? { ...page.payload, islands } : page.payload;
  const data = `<script type="application/json" id="${SSR_PAYLOAD_ID}">${jsonForScript(payload)}</script>`;
  const entry = `<script type="module" crossorigin src="/${attr(assets.entry)}"></script>`;
  return `${before}<div id="root">${page.body}</div>${data}${template.after.replace(BODY_END, `${entry}${BODY_END}`)}`;
}
