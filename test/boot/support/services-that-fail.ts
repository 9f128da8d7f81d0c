/**
 * A process that builds the services with a search worker that can never start (so the first load fails
 * after the catalogue, its change feed and the workers were started), prints the error's first line and
 * returns without `process.exit`: it ends only if everything the failed start opened was closed, and it
 * prints what still held it once that was so (or after 10 s).
 * Run by test/boot/shipped-package.test.ts with DATABASE_URL set.
 */
import { loadConfig } from '../../../src/config/config.js';
import { createServices } from '../../../src/services.js';

const FAILING = new URL('../../search/support/failing-worker.js', import.meta.url);

// The workers' restart timers do not hold the process (on SQLite nothing else does): this does, until the start has failed.
const untilSettled = setInterval(() => undefined, 1000);
try {
  await createServices(loadConfig({ ...process.env, LOG_LEVEL: 'silent', METRICS_PORT: 'off' }), { searchWorkerUrl: FAILING });
  process.stdout.write('started\n');
} catch (error) {
  process.stderr.write(`${(error as Error).message.split('\n')[0]}\n`);
  process.exitCode = 1;
} finally {
  clearInterval(untilSettled);
}
// What still holds the process once the start has failed. Closing a connection takes a few event-loop
// turns, so this looks until only its own timer is left (what the failed start opened, left open, would
// stay: a pooled connection is dropped only after 30 s idle) and says what it saw last.
let looks = 0;
const look = setInterval(() => {
  const held = process.getActiveResourcesInfo().filter((resource) => !['Timeout', 'PipeWrap', 'TTYWrap'].includes(resource)); // this timer, stdio
  if (held.length === 0 || ++looks === 200) {
    clearInterval(look);
    process.stdout.write(`still open: ${JSON.stringify(held)}\n`);
  }
}, 50);
