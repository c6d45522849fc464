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
  '_Button.js': { file: 'assets/Button-1.js', css: ['assets/Button-1.css'] },
  '_Tabs.js': { file: 'assets/Tabs-2.js', css: ['assets/Tabs-2.css'], imports: ['_Button.js'] },
  'catalogue/SchedulePage.tsx': {
    file: 'assets/SchedulePage-3.js',
    src: 'catalogue/SchedulePage.tsx',
    isDynamicEntry: true,
    css: ['assets/SchedulePage-3.css'],
    imports: ['_Tabs.js', '_Button.js'],
  },
};

describe('the document of a rendered page', () => {
  it('given a lazy page, then its CSS and chunks beyond what the entry loads', () => {
    expect(pageAssets(MANIFEST, ['SchedulePage'])).toEqual({
      css: ['assets/SchedulePage-3.css', 'assets/Tabs-2.css'],
      js: ['assets/SchedulePage-3.js', 'assets/Tabs-2.js'],
    });
    expect(pageAssets(MANIFEST, ['NoSuchPage'])).toEqual({ css: [], js: [] });
  });

  it('given the built index.html, then the page’s head tags replace the generic ones, the markup fills #root and the script comes last', () => {
    const template = pageTemplate(INDEX)!;
    const doc = pageDocument(
      template,
      {
        head: '<title>Course Schedule | Great Lakes Etiquette</title>',
        body: '<main><h1>Course Schedule</h1></main>',
        pages: [],
        payload: { origin: 'https://s', now: '2025-05-01T12:00:00.000Z', queries: { note: '</script>' } },
      },
      { css: ['assets/SchedulePage-3.css'], js: [] },
    );
    expect(doc.match(/<title>/g)).toHaveLength(1);
    expect(doc).toContain('<title>Course Schedule | Great Lakes Etiquette</title>');
    expect(doc).not.toContain('Generic.');
    expect(doc).not.toContain('Needs JavaScript');
    expect(doc).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    expect(doc.indexOf('<h1>Course Schedule</h1>')).toBeLessThan(doc.indexOf('<script'));
    expect(doc.indexOf('id="ssr-data"')).toBeLessThan(doc.indexOf('<script type="module"'));
    expect(doc).toContain('"note":"\\u003c/script>"');
    expect(doc.indexOf('SchedulePage-3.css')).toBeLessThan(doc.indexOf('</head>'));
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
