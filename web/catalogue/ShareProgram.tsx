import { useEffect, useRef, useState } from 'react';
import type { Program } from '../../contracts/catalogue/program.js';
import { Button } from '../components/Button.js';
import { useSiteOrigin } from '../core/site.js';
import { Link } from '../components/Link.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { FacebookIcon, LinkedInIcon, MailIcon, TwitterIcon } from './ShareIcons.js';
import { copyText, emailShareUrl, facebookShareUrl, linkedInShareUrl, programUrl, twitterShareUrl } from './share.js';
import './ShareProgram.css';

const COPIED_VISIBLE_MS = 4000;

/** The share panel of a program page; an island there (its props travel in the page, so only what it shows). */
export function ShareProgram({ program }: { program: Pick<Program, 'slug' | 'title'> }) {
  const url = programUrl(useSiteOrigin(), program.slug);
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), COPIED_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    const ok = await copyText(url, inputRef.current);
    setCopied(ok ? 'ok' : 'failed');
  };

  return (
    <SchoolLocale>
      <aside className="share" aria-labelledby="share-title">
        <h2 id="share-title" className="share__title">
          Share This Program
        </h2>
        <ul className="share__buttons">
          <li>
            <Link href={facebookShareUrl(url)} external className="share__btn">
              <FacebookIcon />
              <span className="sr-only">Share on </span>
              <span>Facebook</span>
            </Link>
          </li>
          <li>
            <Link href={twitterShareUrl(url, program.title)} external className="share__btn">
              <TwitterIcon />
              <span className="sr-only">Share on </span>
              <span>Twitter</span>
            </Link>
          </li>
          <li>
            <Link href={linkedInShareUrl(url)} external className="share__btn">
              <LinkedInIcon />
              <span className="sr-only">Share on </span>
              <span>LinkedIn</span>
            </Link>
          </li>
          <li>
            <Link href={emailShareUrl(url, program.title)} className="share__btn">
              <MailIcon />
              <span className="sr-only">Share by </span>
              <span>Email</span>
            </Link>
          </li>
        </ul>
        <label className="share__label" htmlFor="share-link">
          Direct link
        </label>
        <div className="share__copy">
          <input
            id="share-link"
            ref={inputRef}
            className="field__control share__input"
            type="text"
            readOnly
            value={url}
            onClick={(event) => event.currentTarget.select()}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="primary" onPress={() => void onCopy()}>
            Copy
          </Button>
        </div>
        <div className="share__status">
          {copied === 'ok' && (
            <p role="alert" className="share__alert">
              Link copied to clipboard!
            </p>
          )}
          {copied === 'failed' && (
            <p role="alert" className="share__alert share__alert--failed">
              Copying is blocked here. Select the link above and copy it yourself.
            </p>
          )}
        </div>
      </aside>
    </SchoolLocale>
  );
}
