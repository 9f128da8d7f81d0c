/**
 * A backup that restores exactly: `export` of a catalogue, then `import --replace` of the file into an
 * empty database, serves identical answers, page by page (ties between equal times included, which
 * depend on the order entries were created in), for lists, types, today, searches and full dumps.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { EntryInput } from '../../src/catalogue/catalogue-store.js';
import { exportEntries } from '../../src/ingest/export-entries.js';
import { importFile } from '../../src/ingest/import-file.js';
import { CONTENT_TYPES } from '../../src/shared/content-types.js';
import { formatUpdateTime } from '../../src/shared/local-time.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';

const WORDS = ['总裁', '逆袭', '重生', '萌宝', '战神', 'love', '神医'];

/** 700 entries over every type, many sharing one update_time (ties), some today, updated out of order. */
function catalogue(today: string): EntryInput[] {
  return Array.from({ length: 700 }, (_, index) => ({
    title: `${WORDS[index % WORDS.length]}之${(index * 7919) % 101}（${index % 50}集）`,
    source_link: `https://pan.example.com/s/backup-${(index * 37) % 700}`,
    type: CONTENT_TYPES[index % CONTENT_TYPES.length] as EntryInput['type'],
    update_time: index % 5 === 0 ? `${today} 08:00:00` : `2024-0${(index % 9) + 1}-1${index % 10} 12:00:00`,
  }));
}

/** Every page of every listing, plus searches and dumps. */
function allPaths(): string[] {
  const paths: string[] = [];
  for (let page = 1; page <= 8; page++) paths.push(`/api/contents?limit=100&page=${page}`, `/api/contents?today&limit=50&page=${page}`);
  for (const type of CONTENT_TYPES) {
    for (let page = 1; page <= 3; page++) paths.push(`/api/contents/${type}?limit=50&page=${page}`);
    paths.push(`/api/contents/${type}/all`);
  }
  for (const word of WORDS) {
    for (let page = 1; page <= 3; page++) paths.push(`/api/search?keyword=${encodeURIComponent(word)}&limit=50&page=${page}`);
  }
  return paths;
}

for (const store of STORES) {
  describe(`lifecycle: export, then import --replace into an empty database [${store}]`, () => {
    let source: TestContext;
    let restored: TestContext;
    let dir: string;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dramadex-backup-'));
      source = await createTestContext(store);
      restored = await createTestContext(store);
    });
    after(async () => {
      await source.close();
      await restored.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('serves identical answers on every page', async () => {
      const rows = catalogue(formatUpdateTime(source.services.catalogue.clock.today().start).slice(0, 10));
      await source.importEntries(rows.slice(0, 400));
      await source.importEntries(rows.slice(300)); // updates move old entries, so ids are not in time order
      await source.services.catalogue.store.removeEntries([rows[3]?.source_link as string, rows[450]?.source_link as string]);
      await source.services.catalogue.refresh();
      const today = (await source.app.inject('/api/contents?today')).json().data.total;
      assert.ok(today > 100, 'many entries share one time, so ties decide their order');

      for (const format of ['ndjson', 'csv', 'json'] as const) {
        const file = join(dir, `backup.${format}`);
        const out = createWriteStream(file);
        const written = await exportEntries(source.services.catalogue.store, out, { format });
        out.end();
        await once(out, 'finish');
        assert.equal(written, source.services.catalogue.size);
        const report = await importFile(restored.services.catalogue.store, file, { replace: true });
        assert.equal(report.rejected.length, 0);
        await restored.services.catalogue.refresh();
        for (const path of allPaths()) {
          const [expected, actual] = await Promise.all([source.app.inject(path), restored.app.inject(path)]);
          assert.equal(actual.statusCode, 200, path);
          assert.equal(actual.body, expected.body, `${format}: ${path} differs`);
        }
      }
    });
  });
}
