import { Link as AriaLink, composeRenderProps, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { buttonClass, type ButtonSize, type ButtonVariant } from './Button.js';
import { cx } from './cx.js';
import './Link.css';

export interface LinkProps extends AriaLinkProps {
  /** Give a variant to make the link look like a button; leave it out for an inline text link. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Opens in a new tab, safely. */
  external?: boolean;
}

/**
 * A react-aria link. Internal hrefs navigate through the router (see layout/RouterBridge);
 * mailto:, tel: and other origins behave as ordinary links.
 */
export function Link({ variant, size = 'md', fullWidth, external, className, children, ...props }: LinkProps) {
  const base = variant ? buttonClass(variant, size, fullWidth) : 'text-link';
  return (
    <AriaLink
      {...props}
      target={external ? '_blank' : props.target}
      rel={external ? 'noopener noreferrer' : props.rel}
      className={composeRenderProps(className, (given) => cx(base, given))}
    >
      {composeRenderProps(children, (content) => (
        <>
          {content}
          {external && <span className="sr-only"> (opens in a new tab)</span>}
        </>
      ))}
    </AriaLink>
  );
}
