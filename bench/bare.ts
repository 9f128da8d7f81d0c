/**
 * Why this exists: starts the bare `node:http` yardstick (bare-server.ts) as a child process with the
 * responses captured from dramadex, and waits (bounded) for it to report its port. Its stdin is a pipe
 * from this process, so it also exits if the benchmark is killed without a chance to clean up.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './children.js';
import { onCleanup, stopChild } from './cleanup.js';
import type { Captured } from './http-get.js';

export interface BareServer {
  port: number;
  stop: () => Promise<void>;
}

export async function startBare(tempDir: string, captured: Map<string, Captured>, timeoutMs = 10_000): Promise<BareServer> {
  const fixtures = [...captured].map(([path, response]) => ({
    path,
    status: response.status,
    headers: response.headers,
    bodyBase64: response.body.toString('base64'),
  }));
  const file = join(tempDir, 'bare-fixtures.json');
  writeFileSync(file, JSON.stringify(fixtures));
  const script = fileURLToPath(new URL('./bare-server.js', import.meta.url));
  const child = spawn(process.execPath, [script, file, String(await freePort())], { stdio: ['pipe', 'pipe', 'inherit'] });
  const stop = onCleanup(`bare server (pid ${child.pid})`, async () => {
    child.stdin?.end();
    await stopChild(child);
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bare server did not start within ${timeoutMs} ms`)), timeoutMs);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`bare server exited (${code}) before listening`)));
      child.stdout?.setEncoding('utf8').once('data', (line: string) => {
        clearTimeout(timer);
        const port = (JSON.parse(line) as { port: number }).port;
        if (port > 0) resolve(port);
        else reject(new Error(`bare server reported no port: ${line}`));
      });
    });
    child.stdout?.resume();
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
