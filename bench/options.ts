/**
 * Why this exists: the benchmark's flags in one typed, validated place, so `run.ts` only orchestrates.
 *   --entries N       entries to generate (default 1,000,000)
 *   --duration S      seconds of measured load per scenario and server (default 5; plus 1 s warm-up)
 *   --connections C   autocannon connections (default 10)
 *   --store S         sqlite (default) or postgres
 *   --pg-url URL      PostgreSQL server to create the throw-away database on
 *   --workers N       SEARCH_WORKERS of every server the bench starts (default: the server's own, docs/search.md "Every core")
 *   --only TEXT       run only scenarios whose name contains TEXT (comma-separated; `=TEXT`: named exactly); besides the replay
 *                     scenarios of scenarios.ts: 'cold engine', 'distinct searches', 'distinct no-match searches', 'distinct deep pages',
 *                     'Zipf mix', 'saturating searches'; 'anchor' (named exactly) prints issue 27's engine table beside
 *                     the reference engine's figures, and alone imports nothing; `export`, `mirror`, `removal` (or `lifecycle` for
 *                     all three) pick the catalogue-lifecycle rows; `sources mirror`, `sources channel page`
 *                     (or `sources` for both) the sources rows, which alone skip generating the catalogue;
 *                     `link guards` runs the guard simulation alone (link-guards.ts, docs/link-health.md "Simulation")
 *   --links N         links per provider in the guard simulation (default 100,000)
 *   --providers LIST  the guard simulation's providers, comma-separated, or `all` (default quark,alipan,123pan:
 *                     the guards read only a provider's rate and whether it hides, and these three cover every pair)
 */
import { parseArgs } from 'node:util';
import { isProviderId } from '../src/config/link-check.js';
import { PROVIDER_IDS, type ProviderId } from '../src/shared/share-links.js';

export interface BenchOptions {
  entries: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Alternating dramadex/bare rounds the duration is split into. */
  rounds: number;
  connections: number;
  sequentialRequests: number;
  store: 'sqlite' | 'postgres';
  pgUrl: string;
  /** SEARCH_WORKERS for the servers, or undefined for the server's default. */
  workers: number | undefined;
  only: string[];
  /** The guard simulation: links per provider, and its providers. */
  links: number;
  providers: ProviderId[];
}

/** One provider per pair of guard settings (rate, hides or not); the other five run as Quark does. */
const SIMULATED_BY_DEFAULT: ProviderId[] = ['quark', 'alipan', '123pan'];

const MAX_ENTRIES = 10_000_000;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      entries: { type: 'string', default: '1000000' },
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      store: { type: 'string', default: 'sqlite' },
      'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/' },
      only: { type: 'string', default: '' },
      workers: { type: 'string' },
      links: { type: 'string', default: '100000' },
      providers: { type: 'string', default: SIMULATED_BY_DEFAULT.join(',') },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      'usage: npm run bench -- [--entries N] [--duration S] [--connections C] [--store sqlite|postgres] [--workers N] [--only a,b] [--links N] [--providers a,b|all]\n',
    );
    process.exit(0);
  }
  const store = values.store;
  if (store !== 'sqlite' && store !== 'postgres') throw new Error(`--store must be sqlite or postgres, got "${store}"`);
  const pgUrl = new URL(values['pg-url']);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(pgUrl.hostname)) throw new Error('--pg-url must point at this machine');
  const durationSeconds = integer('--duration', values.duration, 1, 120);
  return {
    entries: integer('--entries', values.entries, 1, MAX_ENTRIES),
    durationSeconds,
    warmupSeconds: 1,
    rounds: Math.min(4, durationSeconds),
    connections: integer('--connections', values.connections, 1, 256),
    sequentialRequests: 200,
    store,
    pgUrl: pgUrl.toString(),
    workers: values.workers === undefined ? undefined : integer('--workers', values.workers, 1, 64),
    only: values.only
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
    links: integer('--links', values.links, 10, MAX_ENTRIES),
    providers: providerList(values.providers),
  };
}

function providerList(text: string): ProviderId[] {
  if (text === 'all') return [...PROVIDER_IDS];
  const names = text.split(',').map((part) => part.trim());
  for (const name of names)
    if (!isProviderId(name)) throw new Error(`--providers: "${name}" is not a provider (${PROVIDER_IDS.join(', ')}, or all)`);
  return names as ProviderId[];
}

function integer(flag: string, text: string, min: number, max: number): number {
  const value = Number(text.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${flag} must be an integer from ${min} to ${max}, got "${text}"`);
  return value;
}
