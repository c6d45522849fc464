import { z } from 'zod';

/**
 * The school's numbered documents: quotes `Q-YYYY-NNNN`, invoices `INV-YYYY-NNNN` and credit notes
 * `CN-YYYY-NNNN`, consecutive within a year (the school's calendar year). Each kind and year has
 * one stream, `numbering-<kind>-<year>`, on which every number is decided with the stream's
 * expected revision: the next one after the last, once per document, so concurrent documents get
 * consecutive numbers with no gap and no duplicate.
 */
export const DOCUMENT_KINDS = ['quote', 'invoice', 'credit-note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const PREFIX: Record<DocumentKind, string> = { quote: 'Q', invoice: 'INV', 'credit-note': 'CN' };

export const numberingStream = (kind: DocumentKind, year: number) => `numbering-${kind}-${year}`;

/** `INV-2025-0007`: four digits at least, more once a year passes 9999. */
export const documentNumber = (kind: DocumentKind, year: number, seq: number) =>
  `${PREFIX[kind]}-${year}-${String(seq).padStart(4, '0')}`;

export const DocumentNumberAssignedSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  year: z.number().int().min(2000).max(9999),
  seq: z.number().int().positive(),
  number: z.string().regex(/^(Q|INV|CN)-\d{4}-\d{4,}$/),
  /** The quote, invoice or credit note that has it. */
  documentId: z.string().min(1).max(80),
  assignedAt: z.string().datetime({ offset: true }),
});
export type DocumentNumberAssigned = z.infer<typeof DocumentNumberAssignedSchema>;

export const numberingEventSchemas = { DocumentNumberAssigned: DocumentNumberAssignedSchema } as const;
export type NumberingEvent = { type: 'DocumentNumberAssigned'; data: DocumentNumberAssigned };
