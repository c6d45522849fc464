import type { MouseEvent } from 'react';
import './SkipLink.css';

export interface SkipLinkProps {
  targetId?: string;
  label?: string;
}

/**
 * First focusable element on every page. It moves focus itself instead of letting the
 * browser follow the hash, so the router does not treat it as a navigation.
 */
export function SkipLink({ targetId = 'main-content', label = 'Skip to main content' }: SkipLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${targetId}`} onClick={onClick}>
      {label}
    </a>
  );
}
