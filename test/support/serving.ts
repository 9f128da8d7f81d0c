/**
 * Waiting for a real `dramadex serve` process to listen: its log line "dramadex is serving" names the
 * catalogue port and the entries loaded (server.ts).
 */
import type { ChildProcess } from 'node:child_process';

/** Resolves once `child` logs that it is serving; rejects with its output if it stops first. */
export async function serving(child: ChildProcess): Promise<{ port: number; entries: number; output: () => string }> {
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for await (const chunk of child.stdout ?? []) {
    output += String(chunk);
    const line = output.split('\n').find((text) => text.includes('dramadex is serving'));
    if (line) {
      const logged = JSON.parse(line) as { catalogue: { port: number }; entries: number };
      return { port: logged.catalogue.port, entries: logged.entries, output: () => output };
    }
  }
  throw new Error(`the server stopped before it served (exit ${child.exitCode}, ${child.signalCode}):\n${output}`);
}
