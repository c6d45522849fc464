/** Brand-neutral glyphs for the share buttons (drawn here, not taken from an icon set). */
const common = { viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': true, focusable: false } as const;

export function FacebookIcon() {
  return (
    <svg {...common}>
      <path
        d="M14 8.5V6.8c0-.8.5-1.3 1.3-1.3H17V2.3h-2.6C11.6 2.3 10.5 4 10.5 6.5v2H8v3.3h2.5V22H14V11.8h2.7l.4-3.3z"
        fill="currentColor"
      />
    </svg>
  );
}

export function TwitterIcon() {
  return (
    <svg {...common}>
      <path d="M4 3h4.6l4.1 5.7L17.6 3H20l-6.1 7.1L20.6 21H16l-4.4-6.1L6.3 21H3.9l6.5-7.6z" fill="currentColor" />
    </svg>
  );
}

export function LinkedInIcon() {
  return (
    <svg {...common}>
      <path
        d="M4 8.5h3.3V20H4zM5.6 3.5a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8M9.5 8.5h3.1v1.6c.5-.9 1.7-1.9 3.5-1.9 3.3 0 3.9 2.1 3.9 4.9V20h-3.3v-6.1c0-1.5 0-3.3-2-3.3s-2.3 1.6-2.3 3.2V20H9.5z"
        fill="currentColor"
      />
    </svg>
  );
}

export function MailIcon() {
  return (
    <svg {...common}>
      <path d="M3 5.5h18v13H3z" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
