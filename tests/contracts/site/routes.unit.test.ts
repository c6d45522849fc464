import { describe, expect, it } from 'vitest';
import { matchPage } from '../../../contracts/site/pages.js';

describe('the page route table', () => {
  it('given a path, then it matches as the client router does: case-insensitive, optional trailing slash', () => {
    expect(matchPage('/')?.route.path).toBe('/');
    expect(matchPage('/About/')?.route.path).toBe('/about');
    expect(matchPage('/program/executive-edge')).toMatchObject({
      route: { path: '/program/:slug', lookup: 'program' },
      params: { slug: 'executive-edge' },
    });
    expect(matchPage('/enroll/4')).toMatchObject({ route: { lookup: 'workshop' }, params: { id: '4' } });
  });

  it('given a path the site does not have, then no match', () => {
    for (const path of ['/nope', '/about/x', '/program', '/program/a/b', '//', '/enroll/%E0%A4%A'])
      expect(matchPage(path), path).toBeNull();
  });
});
