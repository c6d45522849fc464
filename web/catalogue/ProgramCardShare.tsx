import { Button } from '../components/Button.js';
import { Tooltip } from '../components/Tooltip.js';
import { useSiteOrigin } from '../core/site.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { FacebookIcon, TwitterIcon } from './ShareIcons.js';
import { facebookShareUrl, openShareWindow, programUrl, twitterShareUrl } from './share.js';

/** A program card's Facebook and Twitter buttons: the only part of the card that needs JavaScript (an island). */
export function ProgramCardShare({ slug, title }: { slug: string; title: string }) {
  const origin = useSiteOrigin();
  return (
    <SchoolLocale>
      <>
        <Tooltip content="Share on Facebook">
          <Button
            variant="ghost"
            size="sm"
            className="share-btn"
            aria-label={`Share ${title} on Facebook`}
            onPress={() => openShareWindow(facebookShareUrl(programUrl(origin, slug)))}
          >
            <FacebookIcon />
          </Button>
        </Tooltip>
        <Tooltip content="Share on Twitter">
          <Button
            variant="ghost"
            size="sm"
            className="share-btn"
            aria-label={`Share ${title} on Twitter`}
            onPress={() => openShareWindow(twitterShareUrl(programUrl(origin, slug), title))}
          >
            <TwitterIcon />
          </Button>
        </Tooltip>
      </>
    </SchoolLocale>
  );
}
