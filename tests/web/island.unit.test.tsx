import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { island, IslandServerContext, type IslandServer } from '../../web/core/island.js';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}
const GreetingIsland = island('Greeting', Greeting);
const LaterGreetingIsland = island('Greeting', Greeting, { hydrate: 'visible' });

function fakeServer(): IslandServer & { rendered: string[] } {
  const rendered: string[] = [];
  return {
    rendered,
    islands: new Map(),
    html(id, element) {
      rendered.push(id);
      return Promise.resolve(`<p data-alone="${id}">${renderToString(element)}</p>`);
    },
  };
}

describe('an island', () => {
  it('given no island server (the app, or a page the app hydrates), then it is only its component, in place', () => {
    expect(renderToString(<GreetingIsland name="Ada" />)).toBe('<p>Hello, <!-- -->Ada</p>');
  });

  it('given a page rendered as islands, then its root holds the HTML rendered alone under its id, and its name and props are recorded for the browser', async () => {
    const server = fakeServer();
    const { renderToReadableStream } = await import('react-dom/server');
    const stream = await renderToReadableStream(
      <IslandServerContext value={server}>
        <main>
          <GreetingIsland name="Ada" />
          <GreetingIsland name="Grace" />
          <LaterGreetingIsland name="Hedy" />
        </main>
      </IslandServerContext>,
    );
    await stream.allReady;
    const html = await new Response(stream).text();

    const islands = [...server.islands.values()];
    // When each hydrates travels with it: at once unless the page said otherwise.
    expect(islands.map((i) => [i.name, i.props, i.hydrate])).toEqual([
      ['Greeting', { name: 'Ada' }, 'load'],
      ['Greeting', { name: 'Grace' }, 'load'],
      ['Greeting', { name: 'Hedy' }, 'visible'],
    ]);
    const [ada, grace, hedy] = islands.map((i) => i.id);
    expect(new Set([ada, grace, hedy]).size).toBe(3);
    expect(new Set(server.rendered)).toEqual(new Set([ada, grace, hedy]));
    expect(html).toContain(
      `<div data-island="${ada}" class="island"><p data-alone="${ada}"><p>Hello, <!-- -->Ada</p></p></div>`,
    );
    expect(html).toContain(`<div data-island="${grace}" class="island"><p data-alone="${grace}">`);
  });
});
