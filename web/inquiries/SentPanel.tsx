import { useEffect, useRef } from 'react';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import './InquiryForm.css';

/** The "Thank You!" panel that replaces a form once it is sent; it takes focus so it is heard. */
export interface SentPanelProps {
  text: string;
  againLabel: string;
  onAgain: () => void;
  /** "Again" as a link to the blank form instead (the panel came from a post without JavaScript). */
  againHref?: string;
  headingLevel?: 2 | 3;
}

export function SentPanel({ text, againLabel, onAgain, againHref, headingLevel = 2 }: SentPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="sent-panel">
      <svg className="sent-panel__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="#e4f3ea" />
        <path
          d="M14 24.5l7 7 13-14"
          fill="none"
          stroke="#1d6b41"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Heading ref={headingRef} tabIndex={-1} className="sent-panel__title">
        Thank You!
      </Heading>
      <p>{text}</p>
      {againHref ? (
        <Link href={againHref} variant="outline">
          {againLabel}
        </Link>
      ) : (
        <Button variant="outline" onPress={onAgain}>
          {againLabel}
        </Button>
      )}
    </div>
  );
}
