import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** A repository path a document names, where it names it. */
export interface PathMention {
  /** The document, relative to the repository root (`docs/ARCHITECTURE.md`). */
  doc: string;
  line: number;
  /** As written. */
  written: string;
  /** Relative to the repository root, or null when it points outside the repository. */
  path: string | null;
}

/** Only the characters of a path: a token with spaces, globs (`*`, `{a,b}`), placeholders (`<id>`), `:` or `…` is not one. */
const PATH_TOKEN = /^[\w.@+-]+(\/[\w.@+-]+)*\/?$/;
const INLINE_CODE = /(`+)([^`\n]+?)\1(?!`)/g;
/** `[text](target)`: a Markdown link, whose target is resolved from the document's folder. */
const LINK = /\]\(([^)\s]+)\)/g;

/** Top-level names a build or a run creates (git-ignored: `dist/`, `build/`, `data/`, ...): what they name may not exist yet. */
export function generatedNames(root: string): Set<string> {
  const ignore = existsSync(join(root, '.gitignore')) ? readFileSync(join(root, '.gitignore'), 'utf8') : '';
  return new Set(
    ignore
      .split('\n')
      .map((l) => l.trim().replace(/^\//, '').replace(/\/$/, ''))
      .filter((l) => l && !l.startsWith('#') && !/[*?[\]!/]/.test(l)),
  );
}

/** What a path may start with to count as one: the entries at the top of the repository, less the generated ones. */
export function topLevelNames(root: string): Set<string> {
  const generated = generatedNames(root);
  return new Set(readdirSync(root).filter((name) => name !== '.git' && !generated.has(name)));
}

/**
 * The repository paths one Markdown document names: each inline code span that is a path starting
 * with a top-level name (`service/core/http-errors.ts`, `web/`, `package.json`) or with `./` or
 * `../`, read from the repository's root as the README's commands are (so `../x` is outside it),
 * and each relative link target, read from the document's folder as Markdown does. Fenced code
 * blocks, URLs, globs, route paths (`/api/...`), commands and paths under generated folders are
 * not read. A file named by itself (`compose.ts`) cannot be told from a word and is not read.
 */
export function pathMentions(
  doc: string,
  text: string,
  topLevel: ReadonlySet<string>,
  generated: ReadonlySet<string> = new Set(),
): PathMention[] {
  const mentions: PathMention[] = [];
  const docFolder = posix.dirname(doc);
  const add = (line: number, written: string, link: boolean) => {
    const relative = written.startsWith('./') || written.startsWith('../');
    if (!link && !relative && !topLevel.has(written.split('/')[0]!)) return;
    const joined = posix.normalize(posix.join(link ? docFolder : '.', written));
    const path = joined === '..' || joined.startsWith('../') ? null : joined;
    if (path !== null && generated.has(path.split('/')[0]!)) return;
    mentions.push({ doc, line, written, path });
  };
  let fenced = false;
  text.split('\n').forEach((content, index) => {
    if (/^\s*(```|~~~)/.test(content)) fenced = !fenced;
    if (fenced) return;
    for (const [, , code] of content.matchAll(INLINE_CODE)) {
      const token = code!.trim();
      if (PATH_TOKEN.test(token)) add(index + 1, token, false);
    }
    for (const [, target] of content.replace(INLINE_CODE, '').matchAll(LINK)) {
      const token = target!.split('#')[0]!;
      if (token && !/^[a-z][a-z0-9+.-]*:/i.test(token) && !token.startsWith('/') && PATH_TOKEN.test(token))
        add(index + 1, token, true);
    }
  });
  return mentions;
}

/** README.md and every Markdown page under docs/, relative to the root. */
export function documents(root: string): string[] {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => posix.join('docs', f.split(/[\\/]/).join('/')))
    : [];
  return ['README.md', ...docs.sort()].filter((doc) => existsSync(join(root, doc)));
}

/** Every path the documents name that is not in the repository, as `doc:line written`. */
export function missingPaths(root: string, docs: readonly string[] = documents(root)): string[] {
  const topLevel = topLevelNames(root);
  const generated = generatedNames(root);
  return docs.flatMap((doc) =>
    pathMentions(doc, readFileSync(join(root, doc), 'utf8'), topLevel, generated)
      .filter((m) => m.path === null || !existsSync(join(root, m.path)))
      .map((m) => `${m.doc}:${m.line} ${m.written}${m.path === null ? ' (outside the repository)' : ''}`),
  );
}
