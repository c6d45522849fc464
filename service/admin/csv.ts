/** The CSV rules live in service/core/csv.ts, shared with the reports slice's journal. */
export * from '../core/csv.js';
