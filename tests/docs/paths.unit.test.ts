import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureRepositories } from './fixture.js';
import { documents, missingPaths } from './paths.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the paths the docs name', () => {
  it('given README.md and every page in docs/, then every repository path they name exists', () => {
    expect(documents(root)).toEqual(expect.arrayContaining(['README.md', 'docs/ARCHITECTURE.md', 'docs/DESIGN.md']));
    expect(missingPaths(root)).toEqual([]);
  });
});

describe('the path check itself', () => {
  const written = fixtureRepositories('docs-paths-');

  /** A repository of a few files, with the documents given. */
  const repository = (docs: Record<string, string>): string =>
    written({
      '.gitignore': 'node_modules/\ndist/\n*.log\n',
      'package.json': '{}',
      'service/core/handler.ts': '',
      'web/core/island.tsx': '',
      'docs/DESIGN.md': '# Design\n',
      ...docs,
    });

  it('given a document naming a file that does not exist, then it is reported with its line', () => {
    const repo = repository({
      'README.md': [
        '# Readme',
        '',
        'Commands go through `service/core/command.ts`, then `service/core/handler.ts`.',
      ].join('\n'),
    });
    expect(missingPaths(repo)).toEqual(['README.md:3 service/core/command.ts']);
  });

  it('given folders, top-level files, links and relative paths, then each missing one is reported and each present one passes', () => {
    const repo = repository({
      'README.md': [
        'The islands (`web/core/island.tsx`) live in `web/`; the slices in `service/enrollment/`.',
        'Settings in `package.json` and `./service/core/handler.ts`; see [the design](docs/DESIGN.md) and [notes](docs/NOTES.md#top).',
      ].join('\n'),
      'docs/ARCHITECTURE.md': [
        'The design is `docs/DESIGN.md`, [beside](DESIGN.md), not `../shared/DESIGN.md`; [up](../README.md).',
        'A link out: [passwd](../../etc/passwd), a link to a missing page: [gone](GONE.md).',
      ].join('\n'),
    });
    expect(missingPaths(repo)).toEqual([
      'README.md:1 service/enrollment/',
      'README.md:2 docs/NOTES.md',
      'docs/ARCHITECTURE.md:1 ../shared/DESIGN.md (outside the repository)',
      'docs/ARCHITECTURE.md:2 ../../etc/passwd (outside the repository)',
      'docs/ARCHITECTURE.md:2 GONE.md',
    ]);
  });

  it('given words that are not repository paths, then none is read as one', () => {
    const repo = repository({
      'README.md': [
        'Routes `/api/enroll/workshop/:id` and `/admin`, a URL `https://hono.dev/docs`, globs `web/*/routes.tsx`',
        'and `tests/**/*.unit.test.ts`, a placeholder `web/<slice>/routes.tsx`, a command `npm run build`,',
        'a stream `workshop-{id}`, a variable `DATA_DIR/admin.key`, a file named relative to its slice `seat-ledger.ts`,',
        'the generated `dist/server/entry-server.js`, `./dist/` and `node_modules/.bin/tsx`, and <http://localhost:3000>.',
        '```sh',
        'cat `service/in-a-fence.ts`',
        '```',
      ].join('\n'),
    });
    expect(missingPaths(repo)).toEqual([]);
  });
});
