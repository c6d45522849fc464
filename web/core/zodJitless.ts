/**
 * The site's Content-Security-Policy forbids eval. Zod (the contracts' schemas) probes for it with
 * `new Function` to compile fast parsers, and Chromium reports that probe as a CSP violation even
 * though zod catches it. In the browser the schemas run jitless: the forms are small, the probe never
 * runs. Set on zod's global config before any schema module is evaluated (it is read when an object
 * schema is built), without importing zod here, so the home page does not load it. Browser only: the
 * server's parsers keep their compiled fast path.
 */
if (typeof window !== 'undefined') {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
}
