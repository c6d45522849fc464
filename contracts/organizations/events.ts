import { organizationEventSchemas } from './organization.js';
import { quoteEventSchemas } from './quotes.js';
import { invoiceEventSchemas } from './invoices.js';
import { numberingEventSchemas } from './numbering.js';

/** Every event of the organizations slice (issue 39): organizations, quotes, invoices, the numbering streams. */
export const organizationsEventSchemas = {
  ...organizationEventSchemas,
  ...quoteEventSchemas,
  ...invoiceEventSchemas,
  ...numberingEventSchemas,
} as const;
