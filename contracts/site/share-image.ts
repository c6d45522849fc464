/**
 * The picture a shared program link shows: a PNG rendition of the program's SVG illustration,
 * since Facebook, LinkedIn, iMessage and most link previews ignore SVG. 1200x630 is the size
 * they all crop to without cutting.
 */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** `/images/programs/<name>.svg` → `/images/programs/<name>.png` (served by the service); any other image as it is. */
export const shareImagePath = (image: string) => image.replace(/^(\/images\/programs\/[a-z0-9-]+)\.svg$/, '$1.png');
