import { useEffect, useId, useState } from 'react';
import { SCHOOL } from '../../contracts/core/school.js';
import { Button } from '../components/Button.js';
import { Link as AriaLink } from 'react-aria-components';
import { Link } from '../components/Link.js';
import { cx } from '../components/cx.js';
import { Crest } from './Crest.js';
import { sessionMayExist } from '../account/signedInHint.js';
import './Header.css';

/** The specification's navigation, and in the small-screen menu (`menu`) the other pages a parent looks for. */
const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About' },
  { to: '/programs', label: 'Programs' },
  { to: '/schedule', label: 'Schedule' },
  { to: '/events', label: 'Events', menu: true },
  { to: '/gift-cards', label: 'Gift Cards', menu: true },
  { to: '/contact', label: 'Contact' },
] as const;

const SHADOW_AFTER_PX = 50;

/**
 * Whether the page is scrolled past `px`, told by an IntersectionObserver on a marker at that
 * height: no scroll listener, and no reading of scrollY, which makes the browser lay the whole page
 * out at once (it did, while hydrating, before the first paint).
 */
function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const marker = document.createElement('div');
    marker.setAttribute('aria-hidden', 'true');
    marker.style.cssText = `position:absolute;top:${px}px;left:0;width:1px;height:1px;pointer-events:none`;
    document.body.append(marker);
    const observer = new IntersectionObserver(([entry]) =>
      setPast(!entry!.isIntersecting && entry!.boundingClientRect.top < 0),
    );
    observer.observe(marker);
    return () => {
      observer.disconnect();
      marker.remove();
    };
  }, [px]);
  return past;
}

/** The page a nav item leads to is the one shown (Home only on itself; a section on its own pages too). */
const isCurrent = (item: (typeof NAV)[number], pathname: string) =>
  pathname === item.to || (!('end' in item) && pathname.startsWith(`${item.to}/`));

/**
 * The site's header. It takes the address as a prop, not from the router, so it also hydrates as
 * an island on pages the server renders without the app (see core/island.tsx).
 */
export function Header({ pathname, search = '' }: { pathname: string; search?: string }) {
  const scrolled = useScrolledPast(SHADOW_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  const toggleId = useId();

  // A chosen page closes the small-screen menu.
  useEffect(() => setMenuOpen(false), [pathname, search]);

  // The server renders "Sign in" for everyone (pages stay one cached HTML); a browser that was
  // signed in last time says "My family". Both open /account, which asks the server.
  const [family, setFamily] = useState(false);
  useEffect(() => setFamily(sessionMayExist()), [pathname]);
  // Escape closes the open menu, and focus goes back to its button (as a disclosure does).
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      document.getElementById(toggleId)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, toggleId]);

  return (
    <header className={cx('site-header', scrolled && 'site-header--scrolled')} data-scrolled={scrolled || undefined}>
      <div className="site-header__inner">
        <Link href="/" className="brand" aria-label={`${SCHOOL.name}, home`}>
          <Crest />
          <span className="brand__text">
            <span className="brand__name">{SCHOOL.name}</span>
            <span className="brand__tagline">School of Etiquette · Plano, TX</span>
          </span>
        </Link>
        <Button
          variant="ghost"
          id={toggleId}
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onPress={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span>Menu</span>
        </Button>
        <nav id={menuId} aria-label="Main" className={cx('site-nav', menuOpen && 'site-nav--open')}>
          <ul className="site-nav__list">
            {NAV.map((item) => (
              <li key={item.to} className={'menu' in item ? 'site-nav__item--menu' : undefined}>
                <AriaLink
                  href={item.to}
                  className="site-nav__link"
                  aria-current={isCurrent(item, pathname) ? 'page' : undefined}
                >
                  {item.label}
                </AriaLink>
              </li>
            ))}
            <li>
              <AriaLink
                href="/account"
                className="site-nav__link"
                aria-current={pathname === '/account' || pathname.startsWith('/account/') ? 'page' : undefined}
              >
                {family ? 'My family' : 'Sign in'}
              </AriaLink>
            </li>
            <li className="site-nav__cta">
              <Link href="/schedule" variant="secondary" size="sm">
                Enroll Now
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
