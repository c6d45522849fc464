import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_READS, type PageRead } from '../../../contracts/site/pages.js';
import { HotReads } from '../../../service/core/hot-reads.js';
import { pageReaders, snapshotOf } from '../../../service/site/page-reads.js';
import { makeTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
  hot = undefined!;
});

/** Each read the manifest can name, the API route that answers the same, and the page parameters it reads. */
const API_OF: Record<PageRead, { url: string; params: Record<string, string> }> = {
  listPrograms: { url: '/api/programs', params: {} },
  findProgram: { url: '/api/programs/manners-and-me', params: { slug: 'manners-and-me' } },
  listProgramReviews: { url: '/api/programs/manners-and-me/reviews', params: { slug: 'manners-and-me' } },
  listWorkshops: { url: '/api/workshops', params: {} },
  findWorkshop: { url: '/api/workshops/4', params: { id: '4' } },
  policiesOf: { url: '/api/policies', params: {} },
  pricingSettings: { url: '/api/pricing-settings', params: {} },
  findLocation: { url: '/api/locations/plano', params: { slug: 'plano' } },
  listLocations: { url: '/api/locations', params: {} },
};

let hot: HotReads;
async function readsOf(reads: readonly PageRead[]) {
  hot ??= new HotReads(t.readStore, t.deps.projections, { checkpointMaxAgeMs: 0 });
  return snapshotOf(pageReaders(t.deps), hot, reads);
}

describe('the server renderer’s reads', () => {
  it('given the catalogue, then each read a page can name answers what its API route answers', async () => {
    t = await makeTestApp();
    for (const read of PAGE_READS) {
      const { url, params } = API_OF[read];
      const api = await t.app.request(url);
      const snapshot = await readsOf([read]);
      expect(await snapshot.load(read, params), read).toEqual({ status: 200, data: await api.json() });
    }
  });

  it('given a slug no program has, then findProgram answers 404 with the API’s words', async () => {
    t = await makeTestApp();
    const api = await t.app.request('/api/programs/no-such-program');
    const snapshot = await readsOf(['findProgram']);
    expect(await snapshot.load('findProgram', { slug: 'no-such-program' })).toEqual({
      status: 404,
      error: ((await api.json()) as { error: string }).error,
    });
  });

  it('given a page’s reads, then the snapshot holds the values they come from, and a read the page did not name is refused', async () => {
    t = await makeTestApp();
    const terms = await readsOf(['policiesOf']);
    expect(terms.values).toEqual([]);
    expect(() => terms.load('listWorkshops', {})).toThrow(/does not name/);
    const program = await readsOf(['findProgram', 'listPrograms']);
    expect(program.values).toHaveLength(1);
    // The same hot value while the projection stands still: a page kept with it is still good.
    expect((await readsOf(['listPrograms'])).values[0]).toBe((await readsOf(['listPrograms'])).values[0]);
  });
});
