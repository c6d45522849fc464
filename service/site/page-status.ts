import type { PageMatch } from '../../contracts/site/pages.js';
import type { HotReads } from '../core/hot-reads.js';
import type { AppDeps } from '../core/deps.js';
import { pickProgram, programsRead, workshopsRead } from '../catalogue/hot-catalogue.js';
import { locationsRead, pickLocation } from '../locations/hot-locations.js';

/**
 * The status a page answers: 200 for a page of the manifest whose program, workshop or location exists, 404
 * otherwise, and for a path the site does not have (the client then shows its Not Found view).
 */
export function pageStatus(deps: AppDeps, hot: HotReads) {
  const programs = programsRead(deps.readStore, deps.config.REVIEWS_MIN_COUNT);
  const workshops = workshopsRead(deps.readStore, deps.clock);
  const locations = locationsRead(deps.readStore);
  const found = async (match: PageMatch, at?: string): Promise<boolean> => {
    if (match.route.lookup === 'program') return !!pickProgram(await hot.value(programs, at), match.params.slug ?? '');
    if (match.route.lookup === 'location')
      return !!pickLocation(await hot.value(locations, at), match.params.slug ?? '');
    return (await hot.value(workshops, at)).some((w) => w.id === match.params.id);
  };
  return async (match: PageMatch | null): Promise<200 | 404> => {
    if (!match) return 404;
    const { lookup } = match.route;
    if (!lookup) return 200;
    if (await found(match)) return 200;
    // Scheduled a moment ago, perhaps: looked for again once the read models hold everything written.
    const written = await hot.written();
    return written !== undefined && (await found(match, written)) ? 200 : 404;
  };
}
