import type { HTMLAttributes } from 'react';
import { cx } from './cx.js';
import './Badge.css';

export type BadgeVariant = 'neutral' | 'accent' | 'navy' | 'success' | 'danger' | 'outline' | 'cancelled' | 'refunded';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'neutral', className, ...props }: BadgeProps) {
  return <span {...props} className={cx('badge', `badge--${variant}`, className)} />;
}
