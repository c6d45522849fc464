import type { HTMLAttributes } from 'react';
import { cx } from './cx.js';
import './Card.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'li' | 'aside';
  /** Lifts on hover; for cards that hold a primary link. */
  interactive?: boolean;
  padded?: boolean;
}

export function Card({ as: Tag = 'div', interactive, padded = true, className, ...props }: CardProps) {
  return (
    <Tag {...props} className={cx('card', padded && 'card--padded', interactive && 'card--interactive', className)} />
  );
}
