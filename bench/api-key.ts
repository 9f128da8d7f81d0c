/**
 * Why this exists: once per-address limits (1 request / 3 s) are in, a load test from one address is
 * refused almost entirely. The benchmark therefore creates an API key with a very high rate through the
 * real command line (`dramadex key create --rate <n>`) and sends it as X-API-Key on every request. While
 * that command does not exist yet, it runs without a key and lists 127.0.0.1 in EXEMPT_ADDRESSES (an
 * existing setting), so limits that landed before keys do not turn the whole run into 429s — and the
 * start-up health polling does not get the address blacklisted. The report says which way it ran.
 */
import { runCli } from './children.js';

const BENCH_RATE = 1_000_000;

export interface ApiKeyOutcome {
  key: string | undefined;
  /** Extra server environment for running without a key. */
  env: Record<string, string>;
  note: string;
}

export async function createBenchKey(env: NodeJS.ProcessEnv): Promise<ApiKeyOutcome> {
  const help = await runCli(['--help'], env, 30_000);
  if (!/^\s+key\b/m.test(help.stdout)) {
    return {
      key: undefined,
      env: { EXEMPT_ADDRESSES: '127.0.0.1' },
      note: 'no `dramadex key` command yet: requests carried no API key, and the server ran with EXEMPT_ADDRESSES=127.0.0.1',
    };
  }
  const created = await runCli(['key', 'create', '--rate', String(BENCH_RATE)], env, 60_000);
  if (created.code !== 0) {
    // The command exists but refused: running on without a key would only measure 429s.
    throw new Error(`dramadex key create --rate ${BENCH_RATE} failed (${created.code}): ${created.stderr.trim() || created.stdout.trim()}`);
  }
  // Secrets are printed alone on the last line (cli/main.ts).
  const key = created.stdout.trim().split('\n').pop()?.trim();
  if (!key || /\s/.test(key)) throw new Error(`dramadex key create printed no key on its last line: ${created.stdout.trim()}`);
  return { key, env: {}, note: `every request carried an X-API-Key created with \`dramadex key create --rate ${BENCH_RATE}\`` };
}
