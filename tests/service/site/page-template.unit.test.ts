import { describe, expect, it } from 'vitest';
import { pageAssets, pageDocument, pageTemplate, type Manifest } from '../../../service/site/page-template.js';
import { splitHoisted } from '../../../web/core/splitHoisted.js';

const INDEX = `<!doctype html>
<html lang="en-US">
  <head>
    <title>Great Lakes Etiquette</title>
    <meta
      name="description"
      content="Generic."
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript><p>Needs JavaScript.</p></noscript>
  </body>
</html>`;

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, css: ['assets/index-abc.css'], imports: ['_Button.js'] },
  'islands.tsx': { file: 'assets/islands-1.js', isEntry: true, imports: ['_preload.js'] },
  '_preload.js': { file: 'assets/preload-1.js' },
  '_react.js': { file: 'assets/react-1.js' },
  '_Button.js': { file: 'assets/Button-1.js', css: ['assets/Button-1.css'], imports: ['_react.js'] },
  '_Tabs.js': { file: 'assets/Tabs-2.js', css: ['assets/Tabs-2.css'], imports: ['_Button.js'] },
  'catalogue/SchedulePage.tsx': {
    file: 'assets/SchedulePage-3.js',
    src: 'catalogue/SchedulePage.tsx',
    isDynamicEntry: true,
    css: ['assets/SchedulePage-3.css'],
    imports: ['_Tabs.js', '_Button.js'],
  },
  'catalogue/HomePage.tsx': {
    file: 'assets/HomePage-4.js',
    src: 'catalogue/HomePage.tsx',
    isDynamicEntry: true,
    css: ['assets/HomePage-4.css'],
    imports: ['_Button.js'],
  },
  'layout/Header.tsx': {
    file: 'assets/Header-5.js',
    src: 'layout/Header.tsx',
    isEntry: true,
    imports: ['_Button.js'],
  },
};

const CSS = (file: string) => `/* ${file} */ .x { content: "</style>" }`;

describe('the document of a rendered page', () => {
  it('given a page the app hydrates, then the shell’s and the page’s CSS, imports first, and the app’s entry with its chunks and the page’s', () => {
    expect(pageAssets(MANIFEST, ['catalogue/SchedulePage.tsx'], { mode: 'app' })).toEqual({
      css: ['assets/Button-1.css', 'assets/index-abc.css', 'assets/Tabs-2.css', 'assets/SchedulePage-3.css'],
      entry: 'assets/index-abc.js',
      preload: ['assets/react-1.js', 'assets/Button-1.js', 'assets/Tabs-2.js', 'assets/SchedulePage-3.js'],
      islands: {},
    });
    expect(pageAssets(MANIFEST, ['catalogue/NoSuchPage.tsx'], { mode: 'app' }).css).toEqual([
      'assets/Button-1.css',
      'assets/index-abc.css',
    ]);
  });

  it('given a page rendered as islands, then the same CSS but only the tiny islands’ entry and its imports: not the app, not React yet', () => {
    const assets = pageAssets(MANIFEST, ['catalogue/HomePage.tsx'], { mode: 'islands' });
    expect(assets.css).toEqual(['assets/Button-1.css', 'assets/index-abc.css', 'assets/HomePage-4.css']);
    expect(assets.entry).toBe('assets/islands-1.js');
    expect(assets.preload).toEqual(['assets/preload-1.js']);
  });

  it('given the islands a page shows, then each one’s chunk and every chunk it imports, for the page’s data; unknown names left out', () => {
    const assets = pageAssets(MANIFEST, ['catalogue/HomePage.tsx'], { mode: 'islands' }, ['Header', 'NoSuchIsland']);
    expect(assets.islands).toEqual({
      Header: { module: 'assets/Header-5.js', imports: ['assets/react-1.js', 'assets/Button-1.js'] },
    });
  });

  it('given islands, then the page’s data names each island’s chunk and imports beside its props', () => {
    const doc = pageDocument(
      pageTemplate(INDEX)!,
      {
        head: '',
        body: '<header></header>',
        pages: [],
        hydration: { mode: 'islands' },
        payload: {
          origin: 'https://s',
          now: '2025-05-01T12:00:00.000Z',
          islands: [{ name: 'Header', id: 'H-', props: { pathname: '/' }, hydrate: 'load' }],
        },
      },
      {
        css: [],
        entry: 'assets/islands-1.js',
        preload: [],
        islands: { Header: { module: 'assets/Header-5.js', imports: ['assets/react-1.js'] } },
      },
      CSS,
    );
    const data = JSON.parse(/<script type="application\/json" id="ssr-data">([^<]*)<\/script>/.exec(doc)![1]!);
    expect(data.islands).toEqual([
      {
        name: 'Header',
        id: 'H-',
        props: { pathname: '/' },
        hydrate: 'load',
        module: 'assets/Header-5.js',
        imports: ['assets/react-1.js'],
      },
    ]);
  });

  it('given the built index.html, then the page’s head tags replace the generic ones, its CSS is inline, the markup fills #root and the script comes last', () => {
    const template = pageTemplate(INDEX)!;
    const doc = pageDocument(
      template,
      {
        head: '<title>Course Schedule | Great Lakes Etiquette</title>',
        body: '<main><h1>Course Schedule</h1></main>',
        pages: [],
        hydration: { mode: 'app' },
        payload: { origin: 'https://s', now: '2025-05-01T12:00:00.000Z', queries: { note: '</script>' } },
      },
      { css: ['assets/SchedulePage-3.css'], entry: 'assets/index-abc.js', preload: ['assets/Tabs-2.js'], islands: {} },
      CSS,
    );
    expect(doc.match(/<title>/g)).toHaveLength(1);
    expect(doc).toContain('<title>Course Schedule | Great Lakes Etiquette</title>');
    expect(doc).not.toContain('Generic.');
    expect(doc).not.toContain('Needs JavaScript');
    expect(doc).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    expect(doc).toContain('<link rel="modulepreload" crossorigin href="/assets/Tabs-2.js">');
    expect(doc.match(/<script type="module"/g)).toHaveLength(1);
    expect(doc.indexOf('<h1>Course Schedule</h1>')).toBeLessThan(doc.indexOf('<script'));
    expect(doc.indexOf('id="ssr-data"')).toBeLessThan(doc.indexOf('<script type="module"'));
    expect(doc).toContain('"note":"\\u003c/script>"');
    // Inline, before </head>, and unable to close its own element; named by a link that is never fetched.
    expect(doc).toContain(
      '<style data-href="/assets/SchedulePage-3.css">/* assets/SchedulePage-3.css */ .x { content: "<\\/style>" }</style>',
    );
    expect(doc.indexOf('SchedulePage-3.css')).toBeLessThan(doc.indexOf('</head>'));
    expect(doc).toContain('<link rel="stylesheet" href="/assets/SchedulePage-3.css" disabled>');
    expect(doc).not.toContain('index-abc.css');
  });

  it('given React’s output, then the hoisted title, meta and links are split from the markup', () => {
    const html =
      '<title>A &lt;b&gt;</title><meta name="description" content="x &gt; y"/><link rel="canonical" href="https://s/a"/><a href="#main">Skip</a><main><title>not hoisted</title></main>';
    expect(splitHoisted(html)).toEqual({
      head: '<title>A &lt;b&gt;</title><meta name="description" content="x &gt; y"/><link rel="canonical" href="https://s/a"/>',
      body: '<a href="#main">Skip</a><main><title>not hoisted</title></main>',
    });
  });
});
