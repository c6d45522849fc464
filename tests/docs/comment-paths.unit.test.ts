import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureRepositories } from './fixture.js';
import { commentsOf, missingCommentPaths } from './comment-paths.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the paths code comments name', () => {
  it('given every script and stylesheet under contracts, platform, projections, service, web, tests and bench, then every path a comment names exists', () => {
    expect(missingCommentPaths(root)).toEqual([]);
    // Every file of the tree is parsed: seconds on a busy two-core machine.
  }, 60_000);
});

describe('the comments of a file', () => {
  it('given slashes in strings, templates, regular expressions and JSX text, then only the real comments are read, each with its line', () => {
    const source = [
      "const url = 'https://example.com/a'; // one",
      'const t = `//${"/*"}not ${`//`} one`;',
      'const r = /\\/\\/not/.test(url) ? 1 : 2 / 3; /* two',
      '   still two */',
      'const el = <p>Read http://x.test/y for more</p>;',
      'const e = <p>{/* three */}</p>;',
    ].join('\n');
    expect(commentsOf('web/x.tsx', source)).toEqual([
      { line: 1, text: '// one' },
      { line: 3, text: '/* two\n   still two */' },
      { line: 6, text: '/* three */' },
    ]);
  });

  it('given a stylesheet, then its block comments are read', () => {
    expect(commentsOf('web/x.css', 'a { color: red; }\n/* see web/core/island.tsx */\n')).toEqual([
      { line: 2, text: '/* see web/core/island.tsx */' },
    ]);
  });
});

describe('the path check of comments', () => {
  const written = fixtureRepositories('comment-paths-');

  /** A repository of a few files, with the sources given. */
  const repository = (sources: Record<string, string>): string =>
    written({
      '.gitignore': 'node_modules/\ndist/\n',
      'package.json': '{}',
      'service/core/errors.ts': '',
      'service/enrollment/sale/hold-timer.ts': '',
      'web/core/island.tsx': '',
      'web/theme.css': '',
      ...sources,
    });

  it('given a comment naming a file that does not exist from the root, then it is reported with its line, a line number after it dropped', () => {
    const repo = repository({
      'contracts/refusals.ts': [
        '/**',
        ' * Worded at the edge (service/core/refusal-sentences.ts:13), errors in service/core/errors.ts.',
        ' */',
        'export type X = 1;',
      ].join('\n'),
    });
    expect(missingCommentPaths(repo)).toEqual(['contracts/refusals.ts:2 service/core/refusal-sentences.ts']);
  });

  it('given folders, relative paths, paths inside a top folder, names alone and .js names, then each missing one is reported and each present one passes', () => {
    const repo = repository({
      'web/layout/Header.tsx': [
        '// Its island (core/island.tsx, ../core/island.tsx, ./Footer.tsx) and the theme (theme.css, core/theme.css).',
        '// The hold timer (hold-timer.ts, service/enrollment/sale/hold-timer.js) is in service/enrollment/sale/,',
        '// not in service/enrollment/payment/; the settlement (settle-payment.ts) is gone; so is ../../../etc/x.ts.',
        'export const Header = () => null;',
      ].join('\n'),
    });
    expect(missingCommentPaths(repo)).toEqual([
      'web/layout/Header.tsx:1 ./Footer.tsx',
      'web/layout/Header.tsx:1 core/theme.css',
      'web/layout/Header.tsx:3 service/enrollment/payment/',
      'web/layout/Header.tsx:3 settle-payment.ts',
      'web/layout/Header.tsx:3 ../../../etc/x.ts',
    ]);
  });

  it('given words that are not repository paths, then none is read as one', () => {
    const repo = repository({
      'service/routes.ts': [
        '// Routes /api/bookings/:token/receipt.pdf and /receipt.pdf, a URL https://hono.dev/docs/x.ts, a',
        '// variable DATA_DIR/keys.db, BACKUP_DIR/erasure-ledger.jsonl, a glob web/*/routes.tsx, a',
        '// placeholder web/<slice>/routes.tsx, the generated dist/server/entry-server.js and',
        '// node_modules/pdf-lib/index.js, libraries Stripe.js and pdf.js, encodings .br/.gz, and words: and/or.',
        "const s = '// service/in-a-string.ts';",
      ].join('\n'),
    });
    expect(missingCommentPaths(repo)).toEqual([]);
  });
});
