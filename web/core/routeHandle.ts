import type { Params } from 'react-router-dom';
import type { Page, PageRead } from '../../contracts/site/pages.js';
import { queryKeys, type ApiQueryKey } from './queryKeys.js';

/** A route's `handle`: its entry in the page manifest (contracts/site/pages.ts). */
export interface RouteHandle {
  page: Page;
}

/** Where the app keeps each read the server loads for a page: the query key its own hooks ask with. */
const READ_KEYS: Record<PageRead, (params: Params) => ApiQueryKey> = {
  listPrograms: () => queryKeys.programs(),
  findProgram: ({ slug = '' }) => queryKeys.program(slug),
  listProgramReviews: ({ slug = '' }) => queryKeys.programReviews(slug),
  listWorkshops: () => queryKeys.workshops(),
  findWorkshop: ({ id = '' }) => queryKeys.workshop(id),
  policiesOf: () => queryKeys.policies(),
  pricingSettings: () => queryKeys.pricingSettings(),
  findLocation: ({ slug = '' }) => queryKeys.location(slug),
  listLocations: () => queryKeys.locations(),
};

export const queryKeyOfRead = (read: PageRead, params: Params): ApiQueryKey => READ_KEYS[read](params);
