import { useState, type ReactNode } from 'react';

/**
 * A part with nothing to do in the browser (the footer, the banner): when the app hydrates the
 * server's page, it keeps this part's markup as it is instead of hydrating it (no hooks run, no
 * listeners attached: its links are ordinary links). Rendered by the client itself (a page the
 * server did not render), it is its children as usual.
 */
export function ServerHtml({ id, children }: { id: string; children: ReactNode }) {
  const [kept] = useState(() =>
    typeof document === 'undefined' ? null : (document.getElementById(id)?.innerHTML ?? null),
  );
  if (kept !== null)
    return <div id={id} className="server-html" dangerouslySetInnerHTML={{ __html: kept }} suppressHydrationWarning />;
  return (
    <div id={id} className="server-html">
      {children}
    </div>
  );
}
