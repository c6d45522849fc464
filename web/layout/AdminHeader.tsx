import { SCHOOL } from '../../contracts/core/school.js';
import { Crest } from './Crest.js';
import './AdminHeader.css';

/** Whether a path is one of the office's screens, which have their own frame. */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The office's frame: the school's name for the office and a way back to the public site, with no
 * announcement banner, no public menu and no "Enroll Now" (the admin bar under it holds the
 * office's own sections). The school's clock is named, since every admin time is on it.
 */
export function AdminHeader() {
  return (
    <header className="admin-header">
      <div className="admin-header__inner">
        <a href="/admin" className="admin-header__brand">
          <Crest size={32} />
          <span>
            {SCHOOL.name} <span className="admin-header__office">Office</span>
          </span>
        </a>
        <p className="admin-header__zone">All times are the school’s: Central Time (Plano, Texas)</p>
        <a href="/" className="admin-header__site">
          View the public site
        </a>
      </div>
    </header>
  );
}
