/**
 * `npm start` stops when its process is told to (issue 34): npm forwards SIGTERM and SIGINT to the script's
 * process, so the script must be the server itself (`exec`), not a shell that dies and leaves the server
 * running. The server is gone when the pipe it shares with npm closes: every writer has exited.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, here.includes(`${join('dist', 'test')}`) ? '../../..' : '../..');
// Set by npm for the scripts it runs (`npm test`); without it there is no npm to start.
const NPM_CLI = process.env.npm_execpath;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`npm start ends, server included, on ${signal} to the npm process`, { skip: !NPM_CLI, timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dramadex-npm-start-'));
    try {
      const env = {
        ...process.env,
        PORT: '0',
        RANKING_PORT: '0',
        METRICS_PORT: 'off',
        LOG_LEVEL: 'info',
        DATABASE_URL: `sqlite:${join(dir, 'demo.db')}`,
      };
      const npm = spawn(process.execPath, [NPM_CLI as string, 'start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const serving = new Promise<void>((resolve, reject) => {
        npm.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('dramadex is serving')) resolve();
        });
        npm.once('exit', () => reject(new Error(`npm start exited before serving:\n${output}`)));
      });
      npm.stderr.resume();
      const allWritersGone = once(npm.stdout, 'close');
      await serving;
      npm.kill(signal);
      await allWritersGone;
      assert.match(output, /"msg":"shutting down"/, 'the server itself got the signal and shut down gracefully');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
