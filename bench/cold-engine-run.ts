/**
 * Why this exists: runs engine-cold.ts as a child process (its million titles leave with it, before
 * any server starts) and reads back its per-class times and the keyword corpus the HTTP streams use;
 * likewise engine-anchor.ts, whose table it hands back as printed.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ColdReport } from './engine-cold.js';
import type { Keyword } from './keyword-corpus.js';

export async function runEngineCold(
  catalogueFile: string,
  tempDir: string,
  timeoutMs: number,
): Promise<{ report: ColdReport; corpus: Keyword[] }> {
  const corpusFile = join(tempDir, 'keyword-corpus.json');
  const script = fileURLToPath(new URL('./engine-cold.js', import.meta.url));
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [script, catalogueFile, corpusFile], { timeout: timeoutMs, maxBuffer: 1 << 24 }, (error, out, err) => {
      if (error) reject(new Error(`engine-cold failed: ${error.message} ${err.slice(-400)}`));
      else resolve(out);
    });
  });
  return { report: JSON.parse(stdout) as ColdReport, corpus: JSON.parse(readFileSync(corpusFile, 'utf8')) as Keyword[] };
}

/** The anchor's table (engine-anchor.ts), run in a child process of its own so its RSS is the engine's. */
export async function runEngineAnchor(catalogueFile: string, timeoutMs: number): Promise<string> {
  const script = fileURLToPath(new URL('./engine-anchor.js', import.meta.url));
  return await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [script, catalogueFile], { timeout: timeoutMs, maxBuffer: 1 << 24 }, (error, out, err) => {
      if (error) reject(new Error(`engine-anchor failed: ${error.message} ${err.slice(-400)}`));
      else resolve(out);
    });
  });
}
