/**
 * The site's design tokens (web/theme.css) as literal values: mail clients ignore CSS variables and
 * most ignore <style>, so every e-mail style is inline and reads these. A unit test keeps them equal
 * to the tokens of web/theme.css.
 */
export const COLORS = {
  navy: '#1b2340',
  navyDeep: '#111729',
  plum: '#5e2a59',
  gold: '#c9a24a',
  goldText: '#7d5e14',
  goldPale: '#f8f0dc',
  ivory: '#fbf8f1',
  cream: '#f4eee2',
  white: '#ffffff',
  text: '#1f2333',
  muted: '#4f5468',
  inverse: '#fdfaf3',
  border: '#e2dacb',
  success: '#1d6b41',
  successBg: '#e4f3ea',
  infoBg: '#e9edf8',
} as const;

/** The token each colour comes from, for the test that keeps them in step. */
export const COLOR_TOKENS: Record<keyof typeof COLORS, string> = {
  navy: '--color-navy-900',
  navyDeep: '--color-navy-950',
  plum: '--color-plum-700',
  gold: '--color-gold-500',
  goldText: '--color-gold-700',
  goldPale: '--color-gold-100',
  ivory: '--color-ivory',
  cream: '--color-cream',
  white: '--color-white',
  text: '--color-text',
  muted: '--color-text-muted',
  inverse: '--color-text-inverse',
  border: '--color-border',
  success: '--color-success',
  successBg: '--color-success-bg',
  infoBg: '--color-info-bg',
};

/** System fonts, as on the site (--font-display, --font-body): nothing to download. */
export const FONTS = {
  display: "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, 'Times New Roman', serif",
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
} as const;
