import type { PageRead } from '../../contracts/site/pages.js';
import type { ApiRead } from '../../contracts/site/ssr.js';
import type { AppDeps } from '../core/deps.js';
import type { HotRead, HotReads } from '../core/hot-reads.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { pickProgram, programsRead, workshopsRead } from '../catalogue/hot-catalogue.js';
import { policiesOf } from '../policies/routes.js';
import { pricingSettingsRead } from '../pricing/settings-read.js';
import { publishedReviewsRead } from './published-reviews.js';
import type { PublishedReview } from '../../contracts/reviews/api.js';
import type { PublicLocation } from '../../contracts/locations/location.js';
import { LOCATION_NOT_FOUND, locationsRead, pickLocation } from '../locations/hot-locations.js';

/**
 * How the server answers each read a page's manifest entry names (contracts/site/pages.ts), with
 * what the API route of the same name answers: from the same hot reads (`from`), so a page and
 * `GET /api/...` show the same data, and without HTTP to itself.
 */
interface PageReader {
  /** The hot reads it answers from; a page kept in the cache is good while their values stand. */
  from: HotRead<unknown>[];
  answer(values: unknown[], params: Record<string, string>): ApiRead;
}

const ok = (data: unknown): ApiRead => ({ status: 200, data });

export function pageReaders(deps: Pick<AppDeps, 'readStore' | 'config' | 'clock'>): Record<PageRead, PageReader> {
  const programs = programsRead(deps.readStore, deps.config.REVIEWS_MIN_COUNT) as HotRead<unknown>;
  const workshops = workshopsRead(deps.readStore, deps.clock) as HotRead<unknown>;
  const pricing = pricingSettingsRead(deps.readStore) as HotRead<unknown>;
  const reviews = publishedReviewsRead(deps.readStore) as HotRead<unknown>;
  const locations = locationsRead(deps.readStore) as HotRead<unknown>;
  return {
    // GET /api/programs
    listPrograms: { from: [programs], answer: ([list]) => ok(list) },
    // GET /api/programs/:id, by the page's slug
    findProgram: {
      from: [programs],
      answer: ([list], { slug = '' }) => {
        const program = pickProgram(list as Parameters<typeof pickProgram>[0], slug);
        return program
          ? ok(program)
          : { status: 404, error: "The program you're looking for doesn't exist or has been removed." };
      },
    },
    // GET /api/programs/:id/reviews, by the page's slug
    listProgramReviews: {
      from: [programs, reviews],
      answer: ([list, byProgram], { slug = '' }) => {
        const program = pickProgram(list as Parameters<typeof pickProgram>[0], slug);
        if (!program)
          return { status: 404, error: "The program you're looking for doesn't exist or has been removed." };
        return ok((byProgram as Map<string, PublishedReview[]>).get(program.id) ?? []);
      },
    },
    // GET /api/workshops
    listWorkshops: { from: [workshops], answer: ([list]) => ok(list) },
    // GET /api/workshops/:id, by the page's id
    findWorkshop: {
      from: [workshops],
      answer: ([list], { id = '' }) => {
        const workshop = (list as Workshop[]).find((w) => w.id === id);
        return workshop
          ? ok(workshop)
          : {
              status: 404,
              error: 'Workshop Not Found: it may have been removed. Please pick another from the schedule.',
            };
      },
    },
    // GET /api/policies: from configuration
    policiesOf: { from: [], answer: () => ok(policiesOf(deps.config)) },
    // GET /api/pricing-settings: the sibling discount the enroll page prices with
    pricingSettings: { from: [pricing], answer: ([settings]) => ok(settings) },
    // GET /api/locations
    listLocations: { from: [locations], answer: ([list]) => ok(list) },
    // GET /api/locations/:slug, by the page's slug
    findLocation: {
      from: [locations],
      answer: ([list], { slug = '' }) => {
        const location = pickLocation(list as PublicLocation[], slug);
        return location ? ok(location) : { status: 404, error: LOCATION_NOT_FOUND };
      },
    },
  };
}

/** The values a page's reads come from, read once: compared by identity to tell whether a kept page still stands. */
export interface ReadSnapshot {
  values: unknown[];
  load(read: PageRead, params: Record<string, string>): Promise<ApiRead>;
}

/** One snapshot of the hot reads behind `reads`: the renderer's loader answers from it only, and refuses a read the page did not name. */
export async function snapshotOf(
  readers: Record<PageRead, PageReader>,
  hot: HotReads,
  reads: readonly PageRead[],
): Promise<ReadSnapshot> {
  const sources = [...new Set(reads.flatMap((read) => readers[read].from))];
  const values = await Promise.all(sources.map((source) => hot.value(source)));
  const valueOf = new Map(sources.map((source, i) => [source, values[i]]));
  return {
    values,
    load: (read, params) => {
      if (!reads.includes(read))
        throw new Error(`The page read ${read}, which its entry in contracts/site/pages.ts does not name.`);
      const reader = readers[read];
      return Promise.resolve(
        reader.answer(
          reader.from.map((source) => valueOf.get(source)),
          params,
        ),
      );
    },
  };
}
