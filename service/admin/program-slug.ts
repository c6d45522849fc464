import type { ReadStore } from '../../platform/readstore/port.js';

/** "Tea & Manners!" -> "tea-manners"; accents are folded so links stay plain ASCII. */
export const slugify = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

/**
 * A slug for a new program that no listed program uses: the public detail page finds programs by
 * slug, so two programs with one slug would hide each other.
 */
export async function uniqueSlug(store: ReadStore, title: string, id: string): Promise<string> {
  const base = slugify(title) || 'program';
  const { items } = await store.find('programs', { where: { slug: base }, limit: 1 });
  return items.length === 0
    ? base
    : `${base}-${id
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 8)
        .toLowerCase()}`;
}
