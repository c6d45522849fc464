import ts from 'typescript';
import { PAGES, matchPage } from '../../contracts/site/pages.js';

/** A source file's path (repository-relative, forward slashes) and text. */
export interface SourceText {
  path: string;
  text: string;
}

/** The one place pages are declared, and the one place web/ turns them into route objects. */
export const MANIFEST = 'contracts/site/pages.ts';
export const WEB_ROUTES = 'web/routes.tsx';

/** A string that names a page: a path the site has (`/about`, `/program/x`), or the start of one (`/checkout/`). */
function namesAPage(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('/api/')) return false;
  if (matchPage(value)) return true;
  const start = value.toLowerCase();
  return start.length > 1 && start.endsWith('/') && PAGES.some((p) => p.path.toLowerCase().startsWith(start));
}

const literalText = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

const propertyNamed = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.find(
    (p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
      (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) &&
      p.name.text === name,
  );

const initializerOf = (p: ts.PropertyAssignment | ts.ShorthandPropertyAssignment | undefined) =>
  p && ts.isPropertyAssignment(p) ? p.initializer : undefined;

/** `{ path | index, element | Component | lazy }`: what react-router takes as a route. */
const isRouteObject = (object: ts.ObjectLiteralExpression) =>
  Boolean(propertyNamed(object, 'path') ?? propertyNamed(object, 'index')) &&
  ['element', 'Component', 'lazy'].some((name) => propertyNamed(object, name));

/** An array element or object key that names a page: a string, or an object whose `path` is one. */
function pageNamedBy(node: ts.Node): string | undefined {
  const text = literalText(node);
  if (text !== undefined) return namesAPage(text) ? text : undefined;
  if (ts.isObjectLiteralExpression(node)) {
    const path = literalText(initializerOf(propertyNamed(node, 'path')));
    return path !== undefined && namesAPage(path) ? path : undefined;
  }
  return undefined;
}

/**
 * Pages declared outside the manifest (contracts/site/pages.ts), as "file:line what":
 * - in web/, a route object anywhere but web/routes.tsx, and there one whose path is written out
 *   rather than taken from the manifest;
 * - anywhere, a table of pages: an array of two or more page paths (or objects whose `path` is
 *   one), or an object keyed by two or more page paths, as the route table, robots list or URL
 *   table the manifest replaced were.
 */
export function pagesDeclaredOutsideManifest(files: readonly SourceText[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (file.path === MANIFEST) continue;
    // Only files that write a path or could hold a route object are parsed (most write neither).
    const mayDeclare =
      /['"`]\//.test(file.text) || (file.path.startsWith('web/') && /\b(element|Component|lazy)\b/.test(file.text));
    if (!mayDeclare) continue;
    const source = ts.createSourceFile(
      file.path,
      file.text,
      ts.ScriptTarget.Latest,
      true,
      file.path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const at = (node: ts.Node) => `${file.path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node) && file.path.startsWith('web/') && isRouteObject(node)) {
        const path = literalText(initializerOf(propertyNamed(node, 'path')));
        if (file.path !== WEB_ROUTES)
          found.push(`${at(node)} a route object (web/routes.tsx makes them from ${MANIFEST})`);
        else if (path !== undefined) found.push(`${at(node)} a route object with its own path '${path}'`);
      }
      if (ts.isArrayLiteralExpression(node)) {
        const named = node.elements.map(pageNamedBy).filter((p) => p !== undefined);
        if (named.length >= 2) found.push(`${at(node)} a table of pages (${named.join(', ')})`);
      }
      if (ts.isObjectLiteralExpression(node)) {
        const keys = node.properties
          .map((p) => (p.name && (ts.isStringLiteral(p.name) || ts.isIdentifier(p.name)) ? p.name.text : ''))
          .filter(namesAPage);
        if (keys.length >= 2) found.push(`${at(node)} a table keyed by pages (${keys.join(', ')})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
