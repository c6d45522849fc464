import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import { seedWorkshopRecords } from './seed-workshop-records.js';
import { shiftByWeeks } from './season.js';

export { repeatedSessions } from './season.js';

/** The specifications' dates (2025), which the seed moves to the next season (service/catalogue/season.ts). */
export const SPECIFICATION_DATES: Readonly<Record<string, string>> = {
  '1': '2025-06-23T10:00:00-05:00',
  '2': '2025-07-07T10:00:00-05:00',
  '3': '2025-07-21T10:00:00-05:00',
  '4': '2025-06-07T12:30:00-05:00',
  '5': '2025-06-28T12:30:00-05:00',
  '6': '2025-07-19T19:00:00-05:00',
  '7': '2025-09-13T12:30:00-05:00',
  '8': '2025-09-20T10:00:00-05:00',
  '9': '2025-09-27T18:00:00-05:00',
  '10': '2025-08-19T17:00:00-05:00',
  // The courses of the school's programs (beyond the specification's ten): each starts here.
  '11': '2025-08-02T10:00:00-05:00',
  '12': '2025-08-05T16:30:00-05:00',
  '13': '2025-08-06T18:00:00-05:00',
  '14': '2025-07-31T18:00:00-05:00',
  '15': '2025-08-15T09:00:00-05:00',
};

/**
 * The ten workshops with their dates moved `weeks` later on the school's clock (weekday and time
 * kept); texts that name dates (the camps' "June 23-26") follow the moved date. Their records are
 * in seed-workshop-records.ts.
 */
export const seedWorkshops = (weeks = 0): WorkshopData[] =>
  seedWorkshopRecords((id) => shiftByWeeks(SPECIFICATION_DATES[id]!, weeks));

/** The specifications' list as written: June-September 2025. */
export const SEED_WORKSHOPS: WorkshopData[] = seedWorkshops(0);
