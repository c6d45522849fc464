import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';
import { generatedNames, topLevelNames } from './paths.js';

/** The folders whose code comments are read for paths. */
export const COMMENTED_FOLDERS = ['contracts', 'platform', 'projections', 'service', 'web', 'tests', 'bench'] as const;

/** One comment of a source file: the line it starts on (from 1) and its text, markers included. */
export interface Comment {
  line: number;
  text: string;
}

const SCRIPT = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** The files whose comments are read: scripts and stylesheets. */
const COMMENTED = /\.(ts|tsx|mts|cts|js|mjs|cjs|css)$/;
/** Tokens whose text is code's, not a comment's, even when it holds `//` or `/*`. */
const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/**
 * The comments of a script: TypeScript's parser finds its strings, templates, regular expressions
 * and JSX text (so a `//` in one of them is not taken for a comment), and what starts with `//` or
 * `/*` outside them is one.
 */
export function scriptComments(fileName: string, text: string): Comment[] {
  const kind = fileName.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.[mc]?js$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(
    fileName,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    kind,
  );
  const literals: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    if (LITERALS.has(node.kind)) literals.push([ts.isJsxText(node) ? node.pos : node.getStart(source), node.end]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  literals.sort((a, b) => a[0] - b[0]);
  return commentsOutside(text, literals);
}

/** The `//` and `/* *\/` comments of a text, passing over the given ranges (sorted by start). */
function commentsOutside(text: string, skip: readonly (readonly [number, number])[]): Comment[] {
  const comments: Comment[] = [];
  // Line numbers, counted forward only: comments come in the order of the text.
  let line = 1;
  let counted = 0;
  const lineOf = (at: number) => {
    for (let nl = text.indexOf('\n', counted); nl !== -1 && nl < at; nl = text.indexOf('\n', counted)) {
      line++;
      counted = nl + 1;
    }
    return line;
  };
  let next = 0;
  for (let slash = text.indexOf('/'); slash !== -1;) {
    while (next < skip.length && skip[next]![1] <= slash) next++;
    if (next < skip.length && skip[next]![0] <= slash) {
      slash = text.indexOf('/', skip[next]![1]);
      continue;
    }
    const marker = text.charCodeAt(slash + 1);
    if (marker !== 47 && marker !== 42) {
      slash = text.indexOf('/', slash + 1);
      continue;
    }
    const close = marker === 47 ? text.indexOf('\n', slash) : text.indexOf('*/', slash + 2);
    const end = close === -1 ? text.length : marker === 47 ? close : close + 2;
    comments.push({ line: lineOf(slash), text: text.slice(slash, end) });
    slash = text.indexOf('/', end);
  }
  return comments;
}

/** The comments of a script or a stylesheet (its block comments); none for any other file. */
export function commentsOf(fileName: string, text: string): Comment[] {
  if (SCRIPT.test(fileName) && !fileName.endsWith('.d.ts')) return scriptComments(fileName, text);
  if (fileName.endsWith('.css')) return commentsOutside(text, []).filter((c) => c.text.startsWith('/*'));
  return [];
}

/** Only the characters of a path, as in the documents (no spaces, globs, placeholders or `:`). */
const PATH_TOKEN = /^[\w.@+-]+(\/[\w.@+-]+)*\/?$/;
/** A file's name with its extension: `errors.ts`, `theme.css`, `erasure-ledger.jsonl` (not `.gz`, not `v1.2`). */
const FILE_NAME = /(^|\/)[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]*$/;
/** A source file named alone: only these extensions, so that `Stripe.js` or `pdf.js` is a library's name, not a file's. */
const SOURCE_NAME = /^[\w@+-][\w.@+-]*\.(ts|tsx|css)$/;

/** What a comment's paths are checked against: the repository's files and folders. */
export interface Repository {
  /** Top-level names a path may start with (`service`, `package.json`), the generated ones left out. */
  topLevel: ReadonlySet<string>;
  /** Git-ignored top-level names (`dist`, `build`): what they name may not exist yet. */
  generated: ReadonlySet<string>;
  /** Whether a file or folder exists at this path from the root. */
  has(path: string): boolean;
  /** The name of every file in the repository, outside the generated folders. */
  fileNames: ReadonlySet<string>;
}

/** A path a comment names, and whether the repository has it. */
export interface CommentPath {
  file: string;
  line: number;
  /** As written (a line number after it dropped). */
  written: string;
  found: boolean;
}

/** A `.js` path names its `.ts` or `.tsx` source, as the imports do (NodeNext) and as a compiled file does. */
const sourcesOf = (path: string) =>
  path.endsWith('.js') ? [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx')] : [path];

/**
 * The paths a comment names. A word is read as a path when it holds only a path's characters and
 * either has a `/` and ends in a file's name with its extension, or starts at a top folder and ends
 * with `/` (a folder), or is a source file's name alone (`hold-timer.ts`). It is looked for:
 * - from the repository's root when it starts with a top-level name (`service/core/errors.ts`);
 * - from the comment's folder when it starts with `./` or `../`;
 * - otherwise, with a `/`, from the comment's folder or any folder above it, as files of
 *   `web/layout/` name files of `web/core/` without the `web/`;
 * - a name alone, anywhere in the repository (a name cannot say which folder it means).
 * A line number after a path (`errors.ts:13`) is dropped. Variables (`DATA_DIR/keys.db`), routes
 * (`/api/...`), URLs, and paths in generated folders (`dist/`) are not read.
 */
export function commentPaths(file: string, comments: readonly Comment[], repo: Repository): CommentPath[] {
  const folder = posix.dirname(file);
  const found: CommentPath[] = [];
  for (const comment of comments) {
    comment.text.split('\n').forEach((lineText, offset) => {
      for (const word of lineText.split(/[\s()[\]{}<>,;'"`|=]+/)) {
        const written = word.replace(/[.,:;!?]+$/, '').replace(/:\d+(:\d+)?$/, '');
        const located = locate(written, folder, repo);
        if (located) found.push({ file, line: comment.line + offset, written, found: located.some(repo.has) });
        else if (SOURCE_NAME.test(written))
          found.push({ file, line: comment.line + offset, written, found: repo.fileNames.has(written) });
      }
    });
  }
  return found;
}

/** Where a word with a `/` may be, from the root; null when it is not read as a path. */
function locate(written: string, folder: string, repo: Repository): string[] | null {
  if (!written.includes('/') || !PATH_TOKEN.test(written)) return null;
  const first = written.split('/')[0]!;
  if (repo.generated.has(first) || /^[A-Z0-9_]+$/.test(first)) return null;
  const rooted = repo.topLevel.has(first);
  if (!FILE_NAME.test(written) && !(rooted && written.endsWith('/'))) return null;
  if (rooted) return sourcesOf(posix.normalize(written));
  if (first === '.' || first === '..') {
    const joined = posix.normalize(posix.join(folder, written));
    return joined === '..' || joined.startsWith('../') ? [] : sourcesOf(joined);
  }
  const places: string[] = [];
  for (let at = folder; at !== '.'; at = posix.dirname(at)) places.push(...sourcesOf(posix.join(at, written)));
  return places;
}

/** Every file under the given folders, relative to the root, with forward slashes. */
export function filesUnder(root: string, folders: readonly string[]): string[] {
  return folders
    .filter((folder) => existsSync(join(root, folder)))
    .flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) =>
          posix.join(folder, relative(join(root, folder), join(entry.parentPath, entry.name)).split(sep).join('/')),
        ),
    )
    .sort();
}

/** The repository at a root, as the checks read it. */
export function repositoryAt(root: string): Repository {
  const topLevel = topLevelNames(root);
  const fileNames = new Set<string>();
  for (const name of topLevel) {
    if (statSync(join(root, name)).isDirectory())
      for (const file of filesUnder(root, [name])) fileNames.add(posix.basename(file));
    else fileNames.add(name);
  }
  return { topLevel, generated: generatedNames(root), has: (path) => existsSync(join(root, path)), fileNames };
}

/**
 * Every path named in a comment of a script or stylesheet under the folders that is not in the
 * repository, as `file:line written`. A file is parsed only when some word of its whole text (code
 * included) reads as a missing path: a comment's words are words of the text, so a file whose every
 * word is found has no comment to report, and most files are passed over unparsed.
 */
export function missingCommentPaths(root: string, folders: readonly string[] = COMMENTED_FOLDERS): string[] {
  const repo = repositoryAt(root);
  return filesUnder(root, folders)
    .filter((file) => COMMENTED.test(file))
    .flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      if (commentPaths(file, [{ line: 1, text }], repo).every((p) => p.found)) return [];
      return commentPaths(file, commentsOf(file, text), repo).filter((p) => !p.found);
    })
    .map((p) => `${p.file}:${p.line} ${p.written}`);
}
