import type { WorkshopData } from '../../contracts/catalogue/workshop.js';

/** The record's fields beyond the specification's form, each kept as it is when the form leaves it out. */
export type RecordFields = Pick<
  WorkshopData,
  | 'instructor'
  | 'instructorId'
  | 'duration'
  | 'ageRange'
  | 'ageRangePolicy'
  | 'attire'
  | 'longDescription'
  | 'additionalInfo'
  | 'note'
>;

/** '' (or no rows) clears an optional field: it is left out of the record rather than stored empty. */
const present = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
    ? {}
    : { [key]: value }) as Partial<Record<K, V>>;

export function recordFields(form: Partial<RecordFields>, current: RecordFields): RecordFields {
  const pick = <K extends keyof RecordFields>(key: K): RecordFields[K] =>
    (form[key] === undefined ? current[key] : form[key]) as RecordFields[K];
  return {
    instructor: pick('instructor'),
    ...present('instructorId', pick('instructorId')),
    duration: pick('duration'),
    ...present('ageRange', pick('ageRange')),
    // Warning is the default: only a refusal is stored.
    ...(pick('ageRangePolicy') === 'refuse' ? { ageRangePolicy: 'refuse' as const } : {}),
    ...present('attire', pick('attire')),
    ...present('longDescription', pick('longDescription')),
    ...present('additionalInfo', pick('additionalInfo')),
    ...present('note', pick('note')),
  };
}
