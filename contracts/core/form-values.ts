import type { z } from 'zod';

/**
 * What a form holds while the visitor types: the schema's input with every field present. An
 * optional field holds its empty value ('' or false) instead of being absent, so a form's values
 * and its one empty value follow the schema, and a field added to the schema is a type error
 * until the empty value has it too.
 */
export type FormValues<S extends z.ZodType> = { [K in keyof z.input<S>]-?: Exclude<z.input<S>[K], undefined> };
