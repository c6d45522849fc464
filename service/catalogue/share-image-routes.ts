import { Hono } from 'hono';
import { Resvg } from '@resvg/resvg-js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SHARE_IMAGE } from '../../contracts/site/share-image.js';
import type { AppDeps } from '../core/deps.js';

/** A rendition changes only with a deploy that changes its SVG; link previews keep theirs far longer anyway. */
const SHARE_IMAGE_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

/**
 * The program illustration (640x400, 16:10) filling a 1200x630 canvas: scaled to the width and
 * centred, a sixteenth of its height cut at the top and bottom (where the illustrations hold only
 * background), rather than bands of another colour beside a full-height picture.
 */
export function shareCanvas(svg: string): string {
  const root = /<svg\b[^>]*>/i.exec(svg);
  if (!root) throw new Error('Not an SVG document.');
  const viewBox = /viewBox="([^"]+)"/i.exec(root[0])?.[1] ?? '0 0 640 400';
  const inner = svg.slice(root.index + root[0].length, svg.lastIndexOf('</svg>'));
  const { width, height } = SHARE_IMAGE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<svg x="0" y="0" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">` +
    `${inner}</svg></svg>`
  );
}

/**
 * GET /images/programs/<name>.png: the share picture of a program (og:image), rendered from its
 * SVG by resvg on the first request and kept in memory (a few tens of KB each, one per
 * illustration). Rendered by the service rather than at build time so it exists wherever the
 * SVGs do (a build, the source tree in tests and development) and needs no build step to keep in step.
 */
export function shareImageRoutes(deps: AppDeps, options: { webDist?: string }): Hono {
  const app = new Hono();
  const folders = [
    ...(options.webDist ? [join(resolve(options.webDist), 'images', 'programs')] : []),
    resolve('web', 'public', 'images', 'programs'),
  ];
  const rendered = new Map<string, Promise<Buffer | null>>();

  const render = async (name: string): Promise<Buffer | null> => {
    const file = folders.map((folder) => join(folder, `${name}.svg`)).find((f) => existsSync(f));
    if (!file) return null;
    const svg = await readFile(file, 'utf8');
    return Buffer.from(new Resvg(shareCanvas(svg), { font: { defaultFontFamily: 'DejaVu Serif' } }).render().asPng());
  };

  app.get('/images/programs/:file{[a-z0-9-]+\\.png}', async (c) => {
    const name = c.req.param('file').slice(0, -'.png'.length);
    let png = rendered.get(name);
    if (!png) {
      png = render(name).catch((err: unknown) => {
        rendered.delete(name);
        deps.log.error('share image not rendered', { name, error: String(err) });
        return null;
      });
      rendered.set(name, png);
    }
    const bytes = await png;
    if (!bytes) {
      rendered.delete(name);
      return c.json({ error: 'There is no such picture.', code: 'not_found' }, 404);
    }
    c.header('Cache-Control', SHARE_IMAGE_CACHE);
    c.header('Content-Type', SHARE_IMAGE.type);
    return c.body(new Uint8Array(bytes));
  });

  return app;
}
