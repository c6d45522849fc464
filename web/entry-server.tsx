import { renderToReadableStream } from 'react-dom/server';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { RenderPage, RenderRequest } from '../contracts/site/ssr.js';
import { ApiError } from './core/api.js';
import { createQueryClient } from './core/queryClient.js';
import { urlOfQueryKey } from './core/queryKeys.js';
import { serialiseErrors } from './core/ssrErrors.js';
import { splitHoisted } from './core/splitHoisted.js';
import { App, prepareRoutes, routes } from './App.js';

const handler = createStaticHandler(routes);

/** The reads a page shows, loaded by the service from its read models into the client's own query keys. */
async function prefetched(request: RenderRequest, keys: Awaited<ReturnType<typeof prepareRoutes>>['prefetch']) {
  const queryClient: QueryClient = createQueryClient();
  await Promise.all(
    keys.map((queryKey) =>
      queryClient.prefetchQuery({
        queryKey,
        queryFn: async () => {
          const read = await request.load(urlOfQueryKey(queryKey));
          if (read.status === 404) throw new ApiError(404, 'Not Found', JSON.stringify({ error: read.error }));
          return read.data;
        },
      }),
    ),
  );
  return queryClient;
}

/**
 * Renders a public page with its data. The whole page is waited for (`allReady`) before a byte is
 * sent: crawlers and visitors without JavaScript get every card and date, not a loading state,
 * and the answer gets an ETag over its bytes. The catalogue reads come from memory, so waiting
 * costs little.
 */
export const render: RenderPage = async (request) => {
  const url = new URL(request.url, request.origin);
  const { prefetch, pages } = await prepareRoutes(url.pathname);
  const queryClient = await prefetched(request, prefetch);

  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The route answered ${context.status} instead of a page.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const now = new Date(request.now);

  const stream = await renderToReadableStream(
    <App
      router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
      queryClient={queryClient}
      site={{ origin: request.origin, renderedAt: now }}
    />,
    // Never outline a finished boundary: React would send it apart with an inline script to move
    // it in place, which the CSP refuses and a browser without JavaScript never runs.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  await stream.allReady;
  const { head, body } = splitHoisted(await new Response(stream).text());

  const dehydrated = serialiseErrors(dehydrate(queryClient, { shouldDehydrateQuery: () => true }));
  // The time of the render, not of the read: the same data gives the same bytes (and ETag).
  for (const q of dehydrated.queries) {
    if (q.state.dataUpdatedAt) q.state.dataUpdatedAt = now.getTime();
    if (q.state.errorUpdatedAt) q.state.errorUpdatedAt = now.getTime();
  }
  return { head, body, pages, payload: { origin: request.origin, now: request.now, queries: dehydrated } };
};
