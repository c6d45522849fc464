import type { ReactNode } from 'react';

/** The eyebrow, heading and optional intro that open a page section; `id` names the heading for aria-labelledby. */
export function SectionHead({
  eyebrow,
  id,
  title,
  children,
}: {
  eyebrow: string;
  id: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="section-head">
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>{title}</h2>
      {children && <p>{children}</p>}
    </div>
  );
}
