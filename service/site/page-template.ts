import type { RenderedPage } from '../../contracts/site/ssr.js';
import { jsonForScript, SSR_PAYLOAD_ID } from '../../contracts/site/ssr.js';

/** The part of Vite's build manifest read here: each chunk's file, CSS and static imports. */
export interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  css: string[];
  js: string[];
}

/** A chunk and everything it imports statically, by manifest key. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  return into;
}

/**
 * What a rendered page needs beyond the app's entry (which index.html names already): the CSS of
 * its lazy page and of the chunks that page imports, so it is styled with JavaScript off, and
 * their scripts as modulepreload, so the client hydrates without a second round trip.
 */
export function pageAssets(manifest: Manifest, pages: readonly string[]): PageAssets {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const shell = entry ? closure(manifest, entry) : new Set<string>();
  const css = new Set<string>();
  const js = new Set<string>();
  for (const page of pages) {
    const key = Object.keys(manifest).find(
      (k) => manifest[k]!.isDynamicEntry && (manifest[k]!.src ?? k).split('/').pop() === `${page}.tsx`,
    );
    if (!key) continue;
    for (const chunk of closure(manifest, key)) {
      if (shell.has(chunk)) continue;
      js.add(manifest[chunk]!.file);
      for (const file of manifest[chunk]!.css ?? []) css.add(file);
    }
  }
  return { css: [...css], js: [...js] };
}

export interface PageTemplate {
  /** The built index.html up to `<div id="root">` (the head's insertion point marked), and the rest. */
  before: string;
  after: string;
}

const HEAD_END = '</head>';
const ROOT = '<div id="root"></div>';
const BODY_END = '</body>';

/**
 * The built index.html made ready for rendered pages: its generic title and description go (each
 * page brings its own), and so does the <noscript> note, since a rendered page reads without
 * JavaScript. Null when the file is not a shell this can fill.
 */
export function pageTemplate(indexHtml: string): PageTemplate | null {
  // The entry script moves after the page (a module runs after parsing wherever it stands), so the
  // page reads top to bottom before any script; a modulepreload in its place keeps its early fetch.
  const entries: string[] = [];
  const html = indexHtml
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<script type="module"([^>]*?)\ssrc="([^"]+)"([^>]*)><\/script>/g, (tag, _a, src: string) => {
      entries.push(tag);
      return `<link rel="modulepreload" crossorigin href="${src}">`;
    });
  const root = html.indexOf(ROOT);
  if (root < 0 || !html.includes(HEAD_END) || !html.includes(BODY_END)) return null;
  const after = html.slice(root + ROOT.length).replace(BODY_END, `${entries.join('')}${BODY_END}`);
  return { before: html.slice(0, root), after };
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The document of a rendered page: its head tags and assets in the head, its markup and data in #root's place. */
export function pageDocument(template: PageTemplate, page: RenderedPage, assets: PageAssets): string {
  const head = [
    page.head,
    ...assets.css.map((f) => `<link rel="stylesheet" crossorigin href="/${attr(f)}">`),
    ...assets.js.map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}">`),
  ].join('');
  const before = template.before.replace(HEAD_END, `${head}${HEAD_END}`);
  const data = `<script type="application/json" id="${SSR_PAYLOAD_ID}">${jsonForScript(page.payload)}</script>`;
  return `${before}<div id="root">${page.body}</div>${data}${template.after}`;
}
