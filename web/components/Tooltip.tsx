import type { ReactElement, ReactNode } from 'react';
import {
  OverlayArrow,
  Tooltip as AriaTooltip,
  TooltipTrigger,
  type TooltipProps as AriaTooltipProps,
} from 'react-aria-components';
import './Tooltip.css';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_CLOSE_DELAY_MS = 300;

export interface TooltipProps extends Omit<AriaTooltipProps, 'children' | 'className'> {
  /** The focusable element the tip describes (a react-aria Button or Link). */
  children: ReactElement;
  content: ReactNode;
}

/** A hint shown on hover after 700 ms and at once on keyboard focus; extra text only, never the sole label. */
export function Tooltip({ children, content, placement = 'top', ...props }: TooltipProps) {
  return (
    <TooltipTrigger delay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_CLOSE_DELAY_MS}>
      {children}
      <AriaTooltip {...props} placement={placement} offset={8} className="tooltip">
        <OverlayArrow className="tooltip__arrow">
          <svg width={10} height={10} viewBox="0 0 10 10" aria-hidden="true">
            <path d="M0 0 L5 5 L10 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
