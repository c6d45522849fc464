import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** One element of a tagged PDF's structure tree: its role and the text drawn in it and its children. */
export interface Tagged {
  role: string;
  text: string;
  children: Tagged[];
}

export interface PdfStructure {
  /** The first page's structure tree (its root's children), or null when the PDF is not tagged. */
  tree: Tagged[] | null;
  /** The catalog's /MarkInfo /Marked, /Lang, and whether a viewer shows the title (DisplayDocTitle). */
  marked: boolean;
  language: string | null;
  displayDocTitle: boolean;
  title: string | null;
}

interface PdfjsNode {
  role: string;
  children: (PdfjsNode | { type: string; id: string })[];
}

/**
 * A PDF's structure as a screen reader gets it from Mozilla's pdf.js: the tree of tagged elements
 * (getStructTree), each with the text of the marked content it holds (getTextContent with its
 * marked content), and the catalog's flags that tell an assistive technology the file is tagged.
 */
export async function pdfStructure(bytes: Uint8Array): Promise<PdfStructure> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false })
    .promise;
  const page = await doc.getPage(1);
  // The text of each marked-content sequence, by the id the structure tree's leaves name.
  const content = await page.getTextContent({ includeMarkedContent: true });
  const textOf = new Map<string, string>();
  const open: string[] = [];
  for (const item of content.items) {
    if ('type' in item && item.type === 'beginMarkedContentProps' && item.id) open.push(item.id);
    else if ('type' in item && item.type === 'beginMarkedContent') open.push('');
    else if ('type' in item && item.type === 'endMarkedContent') open.pop();
    else if ('str' in item && open.length > 0) {
      const id = open[open.length - 1]!;
      textOf.set(id, (textOf.get(id) ?? '') + item.str);
    }
  }
  const toTagged = (node: PdfjsNode): Tagged => {
    const children: Tagged[] = [];
    const parts: string[] = [];
    for (const kid of node.children) {
      if ('role' in kid) {
        const child = toTagged(kid);
        children.push(child);
        parts.push(child.text);
      } else parts.push(textOf.get(kid.id) ?? '');
    }
    return { role: node.role, text: parts.join(' ').replace(/\s+/g, ' ').trim(), children };
  };
  const root = (await page.getStructTree()) as PdfjsNode | null;
  const markInfo = await doc.getMarkInfo();
  const prefs = (await doc.getViewerPreferences()) as { DisplayDocTitle?: boolean } | null;
  const { info } = (await doc.getMetadata()) as { info: { Language?: string; Title?: string } };
  await doc.destroy();
  return {
    tree: root ? root.children.map((c) => toTagged(c as PdfjsNode)) : null,
    marked: markInfo?.Marked ?? false,
    language: info.Language ?? null,
    displayDocTitle: prefs?.DisplayDocTitle ?? false,
    title: info.Title ?? null,
  };
}

/** Every element under `tree` with this role, depth first. */
export function allTagged(tree: readonly Tagged[], role: string): Tagged[] {
  return tree.flatMap((t) => [...(t.role === role ? [t] : []), ...allTagged(t.children, role)]);
}

/** A table's rows as the text of their cells. */
export const tableRows = (table: Tagged) =>
  table.children.filter((r) => r.role === 'TR').map((r) => r.children.map((c) => `${c.role} ${c.text}`));
