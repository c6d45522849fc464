import {
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFString,
  type PDFContext,
  type PDFDict,
  type PDFObject,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';

/** The standard structure types a document here uses (ISO 32000-1, 14.8.4). */
export type StructRole =
  | 'Document'
  | 'Sect'
  | 'Div'
  | 'H1'
  | 'H2'
  | 'H3'
  | 'P'
  | 'L'
  | 'LI'
  | 'Lbl'
  | 'LBody'
  | 'Table'
  | 'TR'
  | 'TH'
  | 'TD'
  | 'Span'
  | 'Note';

export interface TagOptions {
  /** A header cell's scope: the cells of its column or of its row. */
  scope?: 'Column' | 'Row';
  /** The columns a cell spans, when more than one. */
  colSpan?: number;
  /** What a screen reader says instead of the text drawn (an abbreviation spelled out). */
  alt?: string;
  /** The element's language, when not the document's (BCP 47). */
  lang?: string;
}

/** Small whole numbers (MCIDs) as PDF objects, made once: pdf-lib formats every number it is given. */
const INTEGERS = Array.from({ length: 1024 }, (_, i) => PDFNumber.of(i));
const pdfInteger = (n: number) => INTEGERS[n] ?? PDFNumber.of(n);

/** One marked-content sequence of a page: its index in the document and its MCID there. */
interface Marked {
  page: number;
  mcid: number;
}

/**
 * An element of a tagged PDF's structure tree: what a screen reader reads, in this order. Text a
 * page draws for it is marked with its role and an MCID, and listed among its kids.
 */
export class Tag {
  readonly kids: (Tag | Marked)[] = [];

  constructor(
    readonly role: StructRole,
    readonly options: TagOptions = {},
  ) {}

  /** A child element, read after the children made before it. */
  tag(role: StructRole, options?: TagOptions): Tag {
    const child = new Tag(role, options);
    this.kids.push(child);
    return child;
  }

  /** Records a marked-content sequence of a page as this element's next kid. */
  mark(page: number, mcid: number) {
    this.kids.push({ page, mcid });
  }

  /** Whether anything was drawn in this element or under it: an empty one is left out. */
  get drawn(): boolean {
    return this.kids.some((k) => !(k instanceof Tag) || k.drawn);
  }
}

/**
 * Writes the structure tree (ISO 32000-1, 14.7 and 14.8): each element that holds something, with
 * its page content as marked-content references; the parent tree by which a reader finds the
 * element of each MCID on a page; the pages' /StructParents and tab order; /MarkInfo in the
 * catalog. pdf-lib has no API for it, so the objects are written with its low-level ones.
 */
export function writeStructure(context: PDFContext, catalog: PDFDict, root: Tag, pages: readonly PDFPage[]) {
  const pageRefs = pages.map((p) => p.ref);
  const parents: PDFRef[][] = pages.map(() => []);
  const rootRef = context.nextRef();

  const write = (tag: Tag, parent: PDFRef): PDFRef => {
    const ref = context.nextRef();
    // The element's page (/Pg): that of its first marked content, which is then named by its MCID
    // alone (ISO 32000-1, 14.7.4.2); content on another page by a dictionary naming its page. A
    // dictionary for every text was a tenth of a receipt's objects to build and write.
    const page = tag.kids.find((kid): kid is Marked => !(kid instanceof Tag))?.page;
    const kids = tag.kids.flatMap((kid): PDFObject[] => {
      if (kid instanceof Tag) return kid.drawn ? [write(kid, ref)] : [];
      parents[kid.page]![kid.mcid] = ref;
      if (kid.page === page) return [pdfInteger(kid.mcid)];
      return [context.obj({ Type: 'MCR', Pg: pageRefs[kid.page]!, MCID: kid.mcid })];
    });
    const { scope, colSpan, alt, lang } = tag.options;
    const element = context.obj({ Type: 'StructElem', S: tag.role, P: parent, K: context.obj(kids) });
    if (page !== undefined) element.set(PDFName.of('Pg'), pageRefs[page]!);
    if (scope || colSpan) {
      // A table cell's attributes, owned by the Table attribute class (ISO 32000-1, 14.8.5.7).
      const attributes = context.obj({ O: 'Table' });
      if (scope) attributes.set(PDFName.of('Scope'), PDFName.of(scope));
      if (colSpan) attributes.set(PDFName.of('ColSpan'), PDFNumber.of(colSpan));
      element.set(PDFName.of('A'), attributes);
    }
    if (alt) element.set(PDFName.of('Alt'), PDFHexString.fromText(alt));
    if (lang) element.set(PDFName.of('Lang'), PDFString.of(lang));
    context.assign(ref, element);
    return ref;
  };

  const top = write(root, rootRef);
  context.assign(
    rootRef,
    context.obj({
      Type: 'StructTreeRoot',
      K: [top],
      ParentTree: context.obj({ Nums: parents.flatMap((refs, i) => [PDFNumber.of(i), context.obj(refs)]) }),
      ParentTreeNextKey: pages.length,
    }),
  );
  for (const [i, page] of pages.entries()) {
    page.node.set(PDFName.of('StructParents'), PDFNumber.of(i));
    // Tab order follows the structure (PDF/UA asks it of every page with annotations; harmless without).
    page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
  }
  catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
}
