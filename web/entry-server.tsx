import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { RenderPage, RenderRequest } from '../contracts/site/ssr.js';
import { ApiError } from './core/api.js';
import { createQueryClient } from './core/queryClient.js';
import { serialiseErrors } from './core/ssrErrors.js';
import { queryKeys } from './core/queryKeys.js';
import { splitHoisted } from './core/splitHoisted.js';
import { IslandServerContext, type IslandServer } from './core/island.js';
import { IslandProviders } from './core/IslandProviders.js';
import type { SiteInfo } from './core/site.js';
import { App } from './App.js';
import { prepareRoutes, routes } from './routes.js';
import { islandsOf } from '../contracts/site/pages.js';

const handler = createStaticHandler(routes);

/** The reads a page shows (its manifest entry's), loaded by the service from its read models into the client's own query keys. */
async function prefetched(request: RenderRequest, reads: Awaited<ReturnType<typeof prepareRoutes>>['reads']) {
  const queryClient: QueryClient = createQueryClient();
  await Promise.all(
    reads.map(({ read, params, key }) =>
      queryClient.prefetchQuery({
        queryKey: key,
        queryFn: async () => {
          const answer = await request.load(read, params as Record<string, string>);
          if (answer.status === 404) throw new ApiError(404, 'Not Found', JSON.stringify({ error: answer.error }));
          return answer.data;
        },
      }),
    ),
  );
  return queryClient;
}

// Never outline a finished boundary: React would send it apart with an inline script to move it in
// place, which the CSP refuses and a browser without JavaScript never runs.
const WHOLE = { progressiveChunkSize: Number.POSITIVE_INFINITY };

/** Each island rendered as its own root, as the browser hydrates it: the ids React gives inside carry the island's prefix. */
function islandServer(site: SiteInfo): IslandServer {
  const rendered = new Map<string, Promise<string>>();
  const renderAlone = async (id: string, element: ReactElement) => {
    const stream = await renderToReadableStream(<IslandProviders site={site}>{element}</IslandProviders>, {
      ...WHOLE,
      identifierPrefix: id,
    });
    await stream.allReady;
    return new Response(stream).text();
  };
  return {
    islands: new Map(),
    html(id, element) {
      let html = rendered.get(id);
      if (!html) rendered.set(id, (html = renderAlone(id, element)));
      return html;
    },
  };
}

/**
 * Renders a public page with its data. The whole page is waited for (`allReady`) before a byte is
 * sent: crawlers and visitors without JavaScript get every card and date, not a loading state,
 * and the answer gets an ETag over its bytes. The catalogue reads come from memory, so waiting
 * costs little.
 */
export const render: RenderPage = async (request) => {
  const url = new URL(request.url, request.origin);
  const { page, reads, modules } = await prepareRoutes(url.pathname);
  const queryClient = await prefetched(request, reads);
  // A page rendered for a signed-in parent (its entry says `family`): her family, under the key the app reads it by.
  if (request.account) queryClient.setQueryData(queryKeys.account(), request.account);

  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The route answered ${context.status} instead of a page.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const now = new Date(request.now);
  const site = { origin: request.origin, renderedAt: now };
  const islandsOfPage = page.render === 'islands' ? islandServer(site) : null;

  const stream = await renderToReadableStream(
    <IslandServerContext value={islandsOfPage}>
      <App
        router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
        queryClient={queryClient}
        site={site}
      />
    </IslandServerContext>,
    WHOLE,
  );
  await stream.allReady;
  const { head, body } = splitHoisted(await new Response(stream).text());

  if (islandsOfPage) {
    const shown = [...islandsOfPage.islands.values()];
    const allowed: readonly string[] = islandsOf(page);
    const unknown = shown.find(({ name }) => !allowed.includes(name));
    if (unknown)
      throw new Error(
        `The page ${page.path} shows the island ${unknown.name}, which its entry in contracts/site/pages.ts does not name.`,
      );
    return {
      head,
      body,
      pages: modules,
      hydration: { mode: 'islands' },
      payload: { origin: request.origin, now: request.now, islands: shown },
    };
  }

  const dehydrated = serialiseErrors(dehydrate(queryClient, { shouldDehydrateQuery: () => true }));
  // The time of the render, not of the read: the same data gives the same bytes (and ETag).
  for (const q of dehydrated.queries) {
    if (q.state.dataUpdatedAt) q.state.dataUpdatedAt = now.getTime();
    if (q.state.errorUpdatedAt) q.state.errorUpdatedAt = now.getTime();
  }
  return {
    head,
    body,
    pages: modules,
    hydration: { mode: 'app' },
    payload: { origin: request.origin, now: request.now, queries: dehydrated },
  };
};
