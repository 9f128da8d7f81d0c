/**
 * Test harness: a fresh store and app for each test, so every test creates its own data. The SQLite
 * store runs always; PostgreSQL runs when TEST_DATABASE_URL points at a server (each test then gets a
 * database of its own, created with a UTF-8 locale).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from '../../src/app.js';
import { buildRankingApp } from '../../src/boards-app.js';
import { CatalogueStore, type EntryInput } from '../../src/catalogue/catalogue-store.js';
import { type Config, loadConfig } from '../../src/config/config.js';
import type { Logger } from '../../src/observability/logger.js';
import { createServices, type Services } from '../../src/services.js';
import { openDatabase } from '../../src/store/database.js';

export type StoreKind = 'sqlite' | 'postgres';

/** The stores every behaviour is proven on: both when PostgreSQL is configured for tests. */
export const STORES: StoreKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestContext {
  services: Services;
  app: FastifyInstance;
  rankingApp: FastifyInstance;
  config: Config;
  /** Imports entries through the store and waits until the app serves them. */
  importEntries(entries: EntryInput[]): Promise<void>;
  close(): Promise<void>;
}

export async function createTestContext(
  store: StoreKind,
  env: Record<string, string> = {},
  options: { log?: Logger; searchWorkerUrl?: URL } = {},
): Promise<TestContext> {
  const { url, drop } = await createTestDatabase(store);
  // Limits are off unless a test asks for them (RATE_LIMITS: 'on'): other suites call endpoints rapidly from one address.
  // Upstream fixtures listen on loopback, which the address rule refuses unless allowed (SOURCES_ALLOW_PRIVATE).
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    RATE_LIMITS: 'off',
    METRICS_PORT: '0',
    SOURCES_ALLOW_PRIVATE: '127.0.0.0/8,::1',
    ...env,
  });
  const services = await createServices(config, { pollMs: 0, ...options });
  const app = await buildCatalogueApp(services);
  const rankingApp = await buildRankingApp(services);
  return {
    services,
    app,
    rankingApp,
    config,
    async importEntries(entries) {
      await services.catalogue.store.importEntries(entries);
      await services.catalogue.refresh();
    },
    async close() {
      await app.close();
      await rankingApp.close();
      await services.close();
      await drop();
    },
  };
}

let databaseCounter = 0;

/** A fresh, empty database (SQLite file or PostgreSQL database) and how to drop it; for tests that open it more than once. */
export async function createTestDatabase(store: StoreKind): Promise<{ url: string; drop: () => Promise<void> }> {
  if (store === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'dramadex-test-'));
    return { url: `sqlite:${join(dir, 'test.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `dramadex_test_${process.pid}_${Date.now()}_${databaseCounter++}`;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name} template template0 encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8'`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A valid entry with overridable fields; links are unique per call. */
let linkCounter = 0;
export function entry(fields: Partial<EntryInput> = {}): EntryInput {
  linkCounter++;
  return {
    title: `测试短剧${linkCounter}`,
    source_link: `https://pan.example.com/s/test-${linkCounter}`,
    type: 'post',
    update_time: '2024-01-01 12:00:00',
    ...fields,
  };
}

/** Imports as another process would (the command line): over a connection of its own, closed after. */
export async function importFromAnotherProcess(url: string, entries: EntryInput[]): Promise<void> {
  const database = await openDatabase(url);
  try {
    await new CatalogueStore(database).importEntries(entries);
  } finally {
    await database.close();
  }
}
