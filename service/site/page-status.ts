import { matchPage } from '../../contracts/site/routes.js';
import type { HotReads } from '../core/hot-reads.js';
import type { AppDeps } from '../core/deps.js';
import { pickProgram, programsRead, workshopsRead } from '../catalogue/hot-catalogue.js';

/**
 * The status a page path answers: 200 for a page of the route table whose program or workshop
 * exists, 404 otherwise (the client then shows its Not Found view from the same HTML).
 */
export function pageStatus(deps: AppDeps, hot: HotReads) {
  const programs = programsRead(deps.readStore);
  const workshops = workshopsRead(deps.readStore);
  return async (path: string): Promise<200 | 404> => {
    const match = matchPage(path);
    if (!match) return 404;
    const { lookup } = match.route;
    if (lookup === 'program') {
      return pickProgram(await hot.value(programs), match.params.slug ?? '') ? 200 : 404;
    }
    if (lookup === 'workshop') {
      return (await hot.value(workshops)).some((w) => w.id === match.params.id) ? 200 : 404;
    }
    return 200;
  };
}
