/**
 * Removal and takedown on two instances sharing PostgreSQL: a `dramadex remove` or `takedown add` run as a
 * separate process reaches both instances through LISTEN/NOTIFY alone (polling off), and neither serves
 * the entries afterwards in any list, search or dump.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from '../../src/app.js';
import type { Catalogue } from '../../src/catalogue/catalogue.js';
import { loadConfig } from '../../src/config/config.js';
import { createServices, type Services } from '../../src/services.js';
import type { ContentType } from '../../src/shared/content-types.js';
import { runCli } from '../support/cli.js';
import { createTestDatabase, entry, importFromAnotherProcess } from '../support/harness.js';

const skip = process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is needed';

/** The next change each call asks for, as a promise made before the change is triggered. */
function changesOf(catalogue: Catalogue): () => Promise<Set<ContentType>> {
  const waiting: Array<(types: Set<ContentType>) => void> = [];
  catalogue.onChange((types) => {
    for (const resolve of waiting.splice(0)) resolve(types);
  });
  return () => new Promise((resolve) => waiting.push(resolve));
}

describe('lifecycle: removal and takedown on two instances sharing PostgreSQL', { skip }, () => {
  const instances: Array<{ services: Services; app: FastifyInstance; nextChange: () => Promise<Set<ContentType>> }> = [];
  let url: string;
  let drop: () => Promise<void>;
  before(async () => {
    ({ url, drop } = await createTestDatabase('postgres'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url, RATE_LIMITS: 'off' });
    for (let i = 0; i < 2; i++) {
      const services = await createServices(config, { pollMs: 0, listen: true });
      instances.push({ services, app: await buildCatalogueApp(services), nextChange: changesOf(services.catalogue) });
    }
  });
  after(async () => {
    for (const { app, services } of instances) {
      await app.close();
      await services.close();
    }
    await drop();
  });

  /** Runs a command and waits until both instances applied the change it committed. */
  const onBoth = async (args: string[]) => {
    const applied = instances.map((instance) => instance.nextChange());
    const result = await runCli(args, { DATABASE_URL: url });
    assert.equal(result.code, 0, result.stderr);
    await Promise.all(applied);
    return result;
  };
  const served = async (app: FastifyInstance, link: string) => {
    const paths = ['/api/contents?limit=100', `/api/search?keyword=${encodeURIComponent('共享')}&limit=100`, '/api/contents/post/all'];
    const answers = await Promise.all(paths.map(async (path) => (await app.inject(path)).body));
    return answers.map((body) => body.includes(link));
  };

  test('dramadex remove, run elsewhere, leaves both instances', async () => {
    const [gone, stays] = [entry({ title: '共享删除' }), entry({ title: '共享保留' })];
    const imported = instances.map((instance) => instance.nextChange());
    await importFromAnotherProcess(url, [gone, stays]);
    await Promise.all(imported);
    for (const { app } of instances) assert.deepEqual(await served(app, gone.source_link), [true, true, true]);
    const result = await onBoth(['remove', gone.source_link]);
    assert.match(result.stdout, /removed 1, not found 0/);
    for (const { app } of instances) {
      assert.deepEqual(await served(app, gone.source_link), [false, false, false]);
      assert.deepEqual(await served(app, stays.source_link), [true, true, true]);
    }
  });

  test('a takedown leaves both instances and keeps the link out of later imports', async () => {
    const prefix = 'https://pan.example.com/s/shared-takedown-';
    const hit = entry({ title: '共享下架', source_link: `${prefix}1` });
    const imported = instances.map((instance) => instance.nextChange());
    await importFromAnotherProcess(url, [hit]);
    await Promise.all(imported);
    await onBoth(['takedown', 'add', '--prefix', prefix, '--reason', 'dead link']);
    for (const { app } of instances) assert.deepEqual(await served(app, hit.source_link), [false, false, false]);
    const file = join(mkdtempSync(join(tmpdir(), 'dramadex-shared-')), 'again.ndjson');
    writeFileSync(file, JSON.stringify(hit));
    const again = await runCli(['import', file], { DATABASE_URL: url });
    assert.match(again.stderr, /line 1: taken down/);
    assert.match(again.stdout, /added 0, updated 0, unchanged 0, rejected 1/);
  });
});
