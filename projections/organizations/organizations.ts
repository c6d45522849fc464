import { defineProjector } from '../../platform/processor/projector.js';
import type { OrganizationEvent } from '../../contracts/organizations/organization.js';
import type { QuoteEvent } from '../../contracts/organizations/quotes.js';
import type { InvoiceEvent } from '../../contracts/organizations/invoices.js';

export const ORGANIZATIONS = 'organizations';

/** One organization as the office lists and searches it; its money is the invoices read model's. */
export interface OrganizationDoc {
  [key: string]: unknown;
  id: string;
  name: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  billingAddress: { line1: string; line2: string; city: string; state: string; postalCode: string; country: string };
  taxId: string;
  registeredAt: string;
  quotes: number;
  invoices: number;
}

type Input =
  OrganizationEvent | Extract<QuoteEvent, { type: 'QuoteDrafted' }> | Extract<InvoiceEvent, { type: 'InvoiceIssued' }>;

/**
 * `organizations`: one document per organization (id = its id), searched by name, contact and
 * e-mail, with how many quotes and invoices it has. Its contact's fields are personal: an erasure
 * rebuilds it from the events as they then read.
 */
export const organizationsProjector = defineProjector<Input, OrganizationDoc>({
  name: ORGANIZATIONS,
  collection: ORGANIZATIONS,
  indexes: [[{ field: 'name' }]],
  eventTypes: ['OrganizationRegistered', 'OrganizationUpdated', 'QuoteDrafted', 'InvoiceIssued'],
  keys: (e) => [e.data.organizationId],
  project(doc, e) {
    switch (e.type) {
      case 'OrganizationRegistered': {
        const { organizationId, source: _source, registeredAt, ...record } = e.data;
        return { id: organizationId, ...record, registeredAt, quotes: 0, invoices: 0 };
      }
      case 'OrganizationUpdated': {
        if (!doc) return undefined;
        const { organizationId: _id, updatedAt: _at, ...record } = e.data;
        return { ...doc, ...record };
      }
      case 'QuoteDrafted':
        return doc ? { ...doc, quotes: doc.quotes + 1 } : undefined;
      case 'InvoiceIssued':
        return doc ? { ...doc, invoices: doc.invoices + 1 } : undefined;
    }
  },
});
