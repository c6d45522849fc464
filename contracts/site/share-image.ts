/**
 * The picture a shared link shows: a PNG rendition of a program's SVG illustration, or of one of
 * the home page's hero pictures with the school's name on it, since Facebook, LinkedIn, iMessage
 * and most link previews ignore SVG. 1200x630 is the size they all crop to without cutting.
 */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** The folders of pictures the service renders as share pictures (`/images/<folder>/<name>.png`). */
export const SHARE_FOLDERS = ['programs', 'hero'] as const;

/** `/images/programs/<name>.svg` or `/images/hero/<name>.svg` → the same `.png` (served by the service); any other image as it is. */
export const shareImagePath = (image: string) =>
  image.replace(/^(\/images\/(?:programs|hero)\/[a-z0-9-]+)\.svg$/, '$1.png');

/** The share card of a page that is not a program's: a hero picture, and what it shows for those who cannot see it. */
export const PAGE_SHARE = {
  home: { image: '/images/hero/place-setting.svg', imageAlt: 'A place setting: plate, cutlery and glasses' },
  programs: { image: '/images/hero/place-setting.svg', imageAlt: 'A place setting: plate, cutlery and glasses' },
  about: { image: '/images/hero/conversation.svg', imageAlt: 'Two speech bubbles: a polite conversation' },
  location: { image: '/images/hero/conversation.svg', imageAlt: 'Two speech bubbles: a polite conversation' },
  schedule: { image: '/images/hero/launch.svg', imageAlt: 'A graduation cap under gold stars' },
  events: { image: '/images/hero/boardroom.svg', imageAlt: 'A briefcase before city buildings' },
  giftCards: { image: '/images/hero/tea-time.svg', imageAlt: 'A teapot and a teacup with hearts' },
  policies: { image: '/images/programs/default.svg', imageAlt: 'The crest of Great Lakes School of Etiquette' },
} as const;
