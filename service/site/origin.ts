import type { Config } from '../core/config.js';

/**
 * The site's address without a trailing slash, as pages, the sitemap and robots.txt name it:
 * PUBLIC_URL, or on loopback (where config lets it be unset) the local server. Never the Host a
 * request claims: pages kept and shared by caches would carry it to everyone.
 */
export const siteOrigin = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
