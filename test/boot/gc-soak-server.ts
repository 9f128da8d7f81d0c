/**
 * Child process of process-lifecycle.test.ts, run with --expose-gc: a real server (both listeners, the
 * configured store) that takes imports, health checks, pages and searches over HTTP, with full GCs
 * between them, so every statement object a store call leaves behind is finalised while the server is
 * running. Then it stops itself with SIGTERM, and the server's own handler decides the exit status.
 */
import { loadConfig } from '../../src/config/config.js';
import { startServer } from '../../src/server.js';

const ROUNDS = 25;
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');

const server = await startServer(loadConfig());
const address = server.catalogueApp.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
let gcs = 0;
const fullGc = () => {
  collect();
  gcs++;
};

for (let round = 0; round < ROUNDS; round++) {
  await server.services.catalogue.store.importEntries([
    {
      title: `重生之总裁${round}`,
      source_link: `https://pan.example.com/s/soak-${round}`,
      type: 'post',
      update_time: '2026-01-01 10:00:00',
    },
  ]);
  fullGc();
  await server.services.catalogue.refresh();
  fullGc();
  for (const path of [
    '/api/health',
    `/api/contents?page=1&limit=${1 + (round % 20)}`,
    `/api/search?keyword=${encodeURIComponent(`总裁${round}`)}`,
  ]) {
    const response = await fetch(base + path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    fullGc();
  }
  // An idle moment with nothing queued, as between a quiet server's requests.
  await new Promise((resolve) => setImmediate(resolve));
  fullGc();
}

process.stdout.write(`soak: ${ROUNDS} rounds, ${gcs} full GCs, every answer 200\n`);
process.kill(process.pid, 'SIGTERM');
