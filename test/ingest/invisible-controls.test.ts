/**
 * Invisible control characters (issue 41, F6): a title or a link holding a bidi override (U+202E), an
 * isolate (U+2066–U+2069), a mark (U+200E/F), a C1 control or a line separator is refused at import with
 * a reason that names the character; a title that was stored before the rule (put in through the store)
 * is shown isolated on the public page, its direction its own (`unicode-bidi: plaintext`).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { importText } from '../../src/ingest/import-file.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';

const row = (title: string, link: string) => JSON.stringify({ title, source_link: link, type: 'post', update_time: '2024-05-01 10:00:00' });

for (const store of STORES) {
  describe(`invisible control characters [${store}]`, () => {
    let context: TestContext;
    before(async () => {
      context = await createTestContext(store);
    });
    after(() => context.close());

    test('refused at import, named by code point; ordinary titles still go in', async () => {
      const lines = [
        row('免费\u202Egpj.exe', 'https://pan.example.com/s/bidi-1'),
        row('\u2067隔离\u2069', 'https://pan.example.com/s/bidi-2'),
        row('标记\u200F', 'https://pan.example.com/s/bidi-3'),
        row('C1\u0085控制', 'https://pan.example.com/s/bidi-4'),
        row('分\u2028行', 'https://pan.example.com/s/bidi-5'),
        row('好标题', 'https://pan.example.com/s/ok\u202Dx'),
        row('阿拉伯文 مرحبا 与 emoji 👨‍👩‍👧', 'https://pan.example.com/s/bidi-ok'),
      ];
      const report = await importText(context.services.catalogue.store, lines.join('\n'), { format: 'ndjson' });
      assert.equal(report.added, 1, JSON.stringify(report));
      assert.deepEqual(
        report.rejected.map((rejection) =>
          rejection.reason.match(/^(title|source_link) contains (U\+[0-9A-F]{4}), an invisible control character/)?.slice(1),
        ),
        [
          ['title', 'U+202E'],
          ['title', 'U+2067'],
          ['title', 'U+200F'],
          ['title', 'U+0085'],
          ['title', 'U+2028'],
          ['source_link', 'U+202D'],
        ],
      );
    });

    test('a title stored before the rule is shown isolated on the public page', async () => {
      await context.importEntries([
        { title: '旧数据\u202E反转', source_link: 'https://pan.example.com/s/old-bidi', type: 'post', update_time: '2024-05-01 10:00:00' },
      ]);
      const home = (await context.app.inject({ url: '/', headers: { accept: 'text/html' } })).body;
      // The home page lists works: the title is the work card's heading (a link to the work page).
      assert.match(home, /<h3 class="entry-title"><a href="\/works\/[^"]+">[^<]*旧数据/);
      const css = /href="(\/assets\/site\.[0-9a-f]{12}\.css)"/.exec(home)?.[1] as string;
      assert.match((await context.app.inject({ url: css })).body, /\.entry-title \{[^}]*unicode-bidi: plaintext;/);
      assert.match((await context.app.inject({ url: css })).body, /\.link-title \{[^}]*unicode-bidi: plaintext;/);
    });
  });
}
