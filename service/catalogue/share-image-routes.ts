import { Hono, type Context } from 'hono';
import { Resvg } from '@resvg/resvg-js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SCHOOL } from '../../contracts/core/school.js';
import { SHARE_IMAGE } from '../../contracts/site/share-image.js';
import type { AppDeps } from '../core/deps.js';

/** A rendition changes only with a deploy that changes its SVG; link previews keep theirs far longer anyway. */
const SHARE_IMAGE_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

/** The logo's side, in pixels: square, as search engines show a logo. */
const LOGO_SIZE = 512;

/**
 * A picture (a program's 640x400 illustration, a 1600x900 hero) filling a 1200x630 canvas: scaled
 * to the width and centred, what overflows cut at the top and bottom (where the pictures hold only
 * background), rather than bands of another colour beside a full-height picture. `over` is drawn on top.
 */
export function shareCanvas(svg: string, over = ''): string {
  const root = /<svg\b[^>]*>/i.exec(svg);
  if (!root) throw new Error('Not an SVG document.');
  const viewBox = /viewBox="([^"]+)"/i.exec(root[0])?.[1] ?? '0 0 640 400';
  const inner = svg.slice(root.index + root[0].length, svg.lastIndexOf('</svg>'));
  const { width, height } = SHARE_IMAGE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<svg x="0" y="0" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">` +
    `${inner}</svg>${over}</svg>`
  );
}

/**
 * The school's name over the empty left of a hero picture (its drawing is on the right), so a
 * shared page reads as the school's at a glance.
 */
const SCHOOL_NAME_OVER =
  `<g font-family="DejaVu Serif" fill="#f8f0dc" font-size="60" font-weight="700">` +
  `<text x="80" y="225">Great Lakes</text>` +
  `<text x="80" y="295">School of</text>` +
  `<text x="80" y="365">Etiquette</text>` +
  `<rect x="80" y="400" width="96" height="4" fill="#c9a24a"/>` +
  `<text x="80" y="455" font-size="30" font-weight="400" fill="#e9d8b4">${SCHOOL.address.city}, Texas</text>` +
  `</g>`;

/**
 * The share pictures (og:image) and the logo, as PNG rendered from their SVG by resvg on the first
 * request and kept in memory (a few tens of KB each):
 * - GET /images/programs/<name>.png: a program's illustration;
 * - GET /images/hero/<name>.png: a hero picture with the school's name, for the other pages;
 * - GET /images/logo.png: the crest (web/public/favicon.svg), 512 px square, for structured data.
 * Rendered by the service rather than at build time so they exist wherever the SVGs do (a build,
 * the source tree in tests and development) and need no build step to keep in step.
 */
export function shareImageRoutes(deps: AppDeps, options: { webDist?: string }): Hono {
  const app = new Hono();
  const roots = [...(options.webDist ? [resolve(options.webDist)] : []), resolve('web', 'public')];
  const rendered = new Map<string, Promise<Buffer | null>>();
  const font = { defaultFontFamily: 'DejaVu Serif' };

  const svgOf = async (file: string): Promise<string | null> => {
    const found = roots.map((root) => join(root, file)).find((f) => existsSync(f));
    return found ? readFile(found, 'utf8') : null;
  };

  const renderers: Record<string, (name: string) => Promise<Buffer | null>> = {
    programs: async (name) => {
      const svg = await svgOf(join('images', 'programs', `${name}.svg`));
      return svg === null ? null : Buffer.from(new Resvg(shareCanvas(svg), { font }).render().asPng());
    },
    hero: async (name) => {
      const svg = await svgOf(join('images', 'hero', `${name}.svg`));
      return svg === null
        ? null
        : Buffer.from(new Resvg(shareCanvas(svg, SCHOOL_NAME_OVER), { font }).render().asPng());
    },
    logo: async () => {
      const svg = await svgOf('favicon.svg');
      return svg === null
        ? null
        : Buffer.from(new Resvg(svg, { font, fitTo: { mode: 'width', value: LOGO_SIZE } }).render().asPng());
    },
  };

  const answer = async (c: Context, kind: string, name: string) => {
    const key = `${kind}/${name}`;
    let png = rendered.get(key);
    if (!png) {
      png = renderers[kind]!(name).catch((err: unknown) => {
        rendered.delete(key);
        deps.log.error('share image not rendered', { name: key, error: String(err) });
        return null;
      });
      rendered.set(key, png);
    }
    const bytes = await png;
    if (!bytes) {
      rendered.delete(key);
      return c.json({ error: 'There is no such picture.', code: 'not_found' }, 404);
    }
    c.header('Cache-Control', SHARE_IMAGE_CACHE);
    c.header('Content-Type', SHARE_IMAGE.type);
    return c.body(new Uint8Array(bytes));
  };

  app.get('/images/logo.png', (c) => answer(c, 'logo', 'logo'));
  app.get('/images/:folder{programs|hero}/:file{[a-z0-9-]+\\.png}', (c) =>
    answer(c, c.req.param('folder'), c.req.param('file').slice(0, -'.png'.length)),
  );

  return app;
}
