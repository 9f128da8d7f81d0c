/**
 * The audit record as the command line writes it (docs/console.md, "The audit record"), on both stores:
 * every command that changes data leaves one row per thing it changed, with the actor `cli`, the action and
 * its target; rows outlive the entries they name. Takedowns keep their reason when added again without
 * one, and `takedown add --prefix --dry-run` counts without removing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli.js';
import { createTestDatabase, STORES } from '../support/harness.js';
import { auditRowsAfter, lastAuditId } from '../support/stored.js';

const link = (n: number) => `https://pan.example.com/s/audit-${n}`;
const row = (n: number) => JSON.stringify({ title: `审计${n}`, source_link: link(n), type: 'post', update_time: '2024-05-01 10:00:00' });

for (const store of STORES) {
  describe(`the audit record of commands [${store}]`, () => {
    let dir: string;
    let url: string;
    let drop: () => Promise<void>;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dramadex-audit-'));
      ({ url, drop } = await createTestDatabase(store));
    });
    after(async () => {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    });
    const cli = async (...args: string[]) => {
      const result = await runCli(args, { DATABASE_URL: url });
      assert.equal(result.code, 0, `dramadex ${args.join(' ')}: ${result.stderr}`);
      return result.stdout;
    };
    const rowsAfter = (sinceId: number) => auditRowsAfter(url, sinceId);
    const lastId = () => lastAuditId(url);

    test('import, remove, takedowns, keys and sources each leave rows with the actor cli', async () => {
      const file = join(dir, 'rows.ndjson');
      writeFileSync(file, `${[1, 2, 3, 4, 5].map(row).join('\n')}\n`);
      await cli('import', file);
      await cli('remove', link(1), 'https://pan.example.com/s/never-there');
      await cli('takedown', 'add', link(2), '--reason', "owner's request");
      await cli('takedown', 'remove', link(2));
      const created = await cli('key', 'create', '--rate', '5', '--label', 'partner');
      const keyId = /created API key (\d+)/.exec(created)?.[1];
      await cli('key', 'revoke', keyId as string);
      await cli('sources', 'add', 'telegram', '@audit_channel', '--type', 'movie');
      await cli('sources', 'remove', 'audit_channel');
      // The key's shown prefix, as `key create` prints it: base64url, so `-` and `_` are part of it.
      const shownPrefix = /\(([\w-]+)…\)/.exec(created)?.[1];
      assert.ok(shownPrefix, created);
      assert.deepEqual(await rowsAfter(0), [
        `cli import ${file} | ndjson: added 5, updated 0, unchanged 0, rejected 0`,
        `cli remove ${link(1)} | 审计1`,
        `cli takedown add ${link(2)} | exact, removed 1, reason: owner's request`,
        `cli takedown lift ${link(2)} | `,
        `cli key create key ${keyId} | ${shownPrefix}…, 5/s, label partner`,
        `cli key revoke key ${keyId} | ${shownPrefix}…`,
        'cli sources add audit_channel | telegram, type movie, every 30 min',
        'cli sources remove audit_channel | ',
      ]);
    });

    test('a takedown added again without --reason keeps its reason; a new reason replaces it', async () => {
      await cli('takedown', 'add', link(3), '--reason', 'court order 17');
      await cli('takedown', 'add', link(3));
      assert.match(await cli('takedown', 'list'), new RegExp(`^${link(3)}\\texact\\t\\S+\\tcourt order 17$`, 'm'));
      await cli('takedown', 'add', link(3), '--reason', 'court order 18');
      assert.match(await cli('takedown', 'list'), new RegExp(`^${link(3)}\\texact\\t\\S+\\tcourt order 18$`, 'm'));
    });

    test('takedown add --prefix --dry-run prints the count and removes nothing, records nothing', async () => {
      const before = await lastId();
      const dry = await cli('takedown', 'add', '--prefix', 'https://pan.example.com/s/audit-', '--dry-run');
      assert.equal(
        dry.trim(),
        'dry run, nothing changed: taking down every link starting with https://pan.example.com/s/audit- would remove 2 entries',
      );
      assert.deepEqual(await rowsAfter(before), []);
      assert.doesNotMatch(await cli('takedown', 'list'), /audit-\t/);
      const exported = await cli('export');
      assert.deepEqual(
        exported
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).source_link),
        [link(4), link(5)],
      );
    });

    test('import --replace names each entry it removed, with its title, in the same commit', async () => {
      const first = join(dir, 'replace-1.ndjson');
      writeFileSync(first, `${[11, 12, 13].map(row).join('\n')}\n`);
      await cli('import', first);
      const before = await lastId();
      const second = join(dir, 'replace-2.ndjson');
      writeFileSync(second, `${[13, 14].map(row).join('\n')}\n`);
      const replaced = (await cli('import', '--replace', '--type', 'post', second)).trim();
      assert.match(replaced, /removed 4,/); // 4 and 5 of the first test, 11 and 12
      const [imported, ...removals] = await rowsAfter(before);
      assert.equal(imported, `cli import ${second} | ndjson replace post: added 1, updated 0, unchanged 1, removed 4, rejected 0`);
      assert.deepEqual(removals.sort(), [4, 5, 11, 12].map((n) => `cli remove ${link(n)} | 审计${n} (import --replace ${second})`).sort());
      // Put back what the next test takes down.
      writeFileSync(first, `${[4, 5].map(row).join('\n')}\n`);
      await cli('import', '--replace', '--type', 'post', first);
    });

    test('rows outlive the entries they name', async () => {
      await cli('takedown', 'add', '--prefix', 'https://pan.example.com/s/audit-', '--reason', 'bulk');
      assert.equal((await cli('export')).trim(), '');
      const rows = await rowsAfter(0);
      assert.ok(rows.includes(`cli import ${join(dir, 'rows.ndjson')} | ndjson: added 5, updated 0, unchanged 0, rejected 0`));
      assert.ok(rows.includes(`cli remove ${link(1)} | 审计1`));
      assert.equal(rows.at(-1), 'cli takedown add https://pan.example.com/s/audit- | prefix, removed 2, reason: bulk');
    });
  });
}
