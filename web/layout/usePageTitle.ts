import { useEffect } from 'react';
import { SCHOOL } from '../../contracts/core/school.js';

/** "{page} | Great Lakes Etiquette", or the home title when no page name is given. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${SCHOOL.name}` : `${SCHOOL.name} | ${SCHOOL.fullName}`;
}

export function usePageTitle(page?: string): void {
  const title = pageTitle(page);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
