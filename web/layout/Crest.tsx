/** The school's monogram crest, drawn inline so it costs no request and never shifts. */
export function Crest({ size = 40 }: { size?: number }) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M24 2.5 43 9v14.5C43 35 34.8 42.6 24 45.5 13.2 42.6 5 35 5 23.5V9z" fill="#1b2340" />
      <path
        d="M24 5.6 40.2 11v12.5c0 9.8-6.9 16.4-16.2 19.1C14.7 39.9 7.8 33.3 7.8 23.5V11z"
        fill="none"
        stroke="#c9a24a"
        strokeWidth="1.4"
      />
      <text
        x="24"
        y="29.5"
        textAnchor="middle"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontSize="15"
        fontWeight="700"
        fill="#f8f0dc"
        letterSpacing="0.5"
      >
        GL
      </text>
      <path d="M15.5 34.5c5.5 2.6 11.5 2.6 17 0" fill="none" stroke="#c9a24a" strokeWidth="1.4" strokeLinecap="round" />
      <circle cx="24" cy="13" r="1.8" fill="#c9a24a" />
    </svg>
  );
}
