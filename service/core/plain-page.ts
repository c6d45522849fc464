import { SCHOOL } from '../../contracts/core/school.js';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The site's look in a few lines (these pages are served apart from the app's bundle): the
 * theme's ivory, navy, plum and display face, a readable column, a large button.
 */
const STYLE = [
  'body{margin:0;background:#fbf8f1;color:#1f2333;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,"Noto Sans",sans-serif}',
  'main{max-width:34rem;margin:12vh auto 2rem;box-sizing:border-box;width:calc(100% - 2rem);padding:2rem 1.5rem;background:#fff;border:1px solid #e4dccb;border-radius:12px}',
  'h1{margin:0 0 .75rem;color:#1b2340;font:600 1.75rem/1.25 "Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif}',
  '.school{margin:0 0 1.25rem;color:#5e2a59;font-size:.875rem;letter-spacing:.08em;text-transform:uppercase}',
  'button{min-height:2.75rem;padding:.6rem 1.4rem;border:0;border-radius:999px;background:#5e2a59;color:#fff;font:inherit;font-weight:600;cursor:pointer}',
  'button:focus-visible,a:focus-visible{outline:3px solid #b8862b;outline-offset:2px}',
  'a{color:#5e2a59}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:1.25rem 0}',
  'dt{color:#4a4f63;font-weight:600}dd{margin:0}',
].join('');

/**
 * A plain page (no script, no bundle): the school's name, a heading and the given HTML (escaped
 * by the caller), kept out of search engines. The newsletter's link pages and the certificate's
 * verification page are such pages.
 */
export function plainPage(title: string, contentHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(SCHOOL.name)}</title><style>${STYLE}</style></head><body><main><p class="school">${escapeHtml(SCHOOL.name)}</p><h1>${escapeHtml(title)}</h1>${contentHtml}</main></body></html>`;
}
