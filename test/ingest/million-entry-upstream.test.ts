/**
 * A 1,000,000-entry upstream answering the original interface (no RateLimit headers), mirrored and polled
 * as operators do it (`dramadex mirror`, `dramadex sources poll`, each a real process), on both stores
 * (docs/sources.md, docs/operations.md). Both share one ingest path (ingest/mirror.ts), so they run one
 * after the other on one database, each into a type of its own. Each must end with exit 0 and every row
 * stored: the idle deadline measures the upstream's silence only, never the store's writes. The dump is
 * generated as it is sent (support/generated-upstream.ts); no speed is asserted, the timeouts are only
 * there so a stall ends the run.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { openDatabase } from '../../src/store/database.js';
import { LOOPBACK_FIXTURES } from '../support/cli.js';
import { GeneratedUpstream } from '../support/generated-upstream.js';
import { createTestDatabase, STORES } from '../support/harness.js';
import { countEntries } from '../support/stored.js';

const run = promisify(execFile);
const BIN = join(process.cwd(), 'bin/dramadex.js');
const ROWS = 1_000_000;
/** A stall ends the run; a loaded 2-core machine takes minutes for 1M rows on PostgreSQL. */
const TIMEOUT_MS = 40 * 60_000;

for (const store of STORES) {
  describe(`a 1,000,000-entry upstream, mirrored and polled [${store}]`, { timeout: 2 * TIMEOUT_MS }, () => {
    let url: string;
    let drop: () => Promise<void>;
    let env: NodeJS.ProcessEnv;
    before(async () => {
      ({ url, drop } = await createTestDatabase(store));
      env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent', SOURCES_ALLOW_PRIVATE: LOOPBACK_FIXTURES };
      await (await openDatabase(url)).close(); // migrated before the commands start
    });
    after(() => drop());

    const countOf = (type: string) => countEntries(url, type);
    const dramadex = (...args: string[]) =>
      run(process.execPath, [BIN, ...args], { env, timeout: TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });

    test('dramadex mirror stores every entry', { timeout: TIMEOUT_MS }, async () => {
      const upstream = new GeneratedUpstream('post', ROWS);
      try {
        const base = await upstream.listen();
        const { stdout } = await dramadex('mirror', base, '--type', 'post');
        assert.match(stdout, new RegExp(`^post: added ${ROWS}, updated 0, unchanged 0, removed 0, rejected 0$`, 'm'));
        assert.equal(upstream.served, 1);
      } finally {
        await upstream.close();
      }
      assert.equal(await countOf('post'), ROWS);
    });

    test('dramadex sources poll of an upstream source stores every entry', { timeout: TIMEOUT_MS }, async () => {
      const upstream = new GeneratedUpstream('movie', ROWS);
      try {
        const base = await upstream.listen();
        await dramadex('sources', 'add', 'upstream', base, '--type', 'movie');
        const { stdout } = await dramadex('sources', 'poll');
        assert.match(stdout, new RegExp(`: added ${ROWS}, updated 0, unchanged 0, `));
        assert.equal(upstream.served, 1);
      } finally {
        await upstream.close();
      }
      assert.equal(await countOf('movie'), ROWS);
      assert.equal(await countOf('post'), ROWS); // the mirror's entries stay
    });
  });
}
