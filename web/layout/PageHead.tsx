import { useLocation } from 'react-router-dom';
import { SCHOOL } from '../../contracts/core/school.js';
import { useSiteOrigin } from '../core/site.js';
import { SHARE_IMAGE, shareImagePath } from '../../contracts/site/share-image.js';
import { pageTitle } from './usePageTitle.js';

export interface ShareCard {
  /** Root-relative or absolute address of the picture; made absolute here. */
  image: string;
  imageAlt: string;
  type?: 'website' | 'article';
}

/** The address of a page without its query and trailing slash, in lower case (the router matches either way). */
export const canonicalPath = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '') || '/';

/**
 * The page's <title>, description and canonical address, and for a page meant to be shared its
 * Open Graph and Twitter card. React 19 puts these in the document's head, from the server's
 * render as from the browser's, and changes them as the visitor moves from page to page.
 */
export function PageHead({
  page,
  description,
  path,
  share,
}: {
  /** The page's name ("Course Schedule"); none for the home page. */
  page?: string;
  description: string;
  /**
   * The canonical path, when it is not the address shown (the schedule's alias); null for none: a
   * page that is not there (Not Found) names no address, so one render of it serves every address.
   */
  path?: string | null;
  share?: ShareCard;
}) {
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  const url = `${origin}${path ?? canonicalPath(pathname)}`;
  const title = pageTitle(page);
  const image = share && new URL(shareImagePath(share.image), `${origin}/`).href;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {path !== null && <link rel="canonical" href={url} />}
      {share && (
        <>
          <meta property="og:type" content={share.type ?? 'website'} />
          <meta property="og:site_name" content={SCHOOL.fullName} />
          <meta property="og:title" content={page ?? title} />
          <meta property="og:description" content={description} />
          <meta property="og:url" content={url} />
          <meta property="og:image" content={image} />
          <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
          <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
          <meta property="og:image:type" content={SHARE_IMAGE.type} />
          <meta property="og:image:alt" content={share.imageAlt} />
          <meta name="twitter:card" content="summary_large_image" />
          <meta name="twitter:title" content={page ?? title} />
          <meta name="twitter:description" content={description} />
          <meta name="twitter:image" content={image} />
        </>
      )}
    </>
  );
}
