/**
 * Why this exists: the benchmark creates temporary files, a database and child processes, and must
 * remove every one of them however it ends — success, an exception, or Ctrl-C/SIGTERM. Each resource
 * registers an undo action here as soon as it exists; the actions run once, newest first, each bounded
 * in time so a stuck step cannot keep the benchmark alive.
 */
import type { ChildProcess } from 'node:child_process';

type Action = { label: string; run: () => Promise<void> | void };

const STEP_TIMEOUT_MS = 15_000;
const actions: Action[] = [];
let running: Promise<void> | undefined;

/** Registers an undo action; returns a function that runs it early (and removes it from the list). */
export function onCleanup(label: string, run: Action['run']): () => Promise<void> {
  const action: Action = { label, run };
  if (running) {
    // Already shutting down: undo at once and stop the caller from going on.
    void bounded(action);
    throw new Error(`shutting down; undid "${label}"`);
  }
  actions.push(action);
  return async () => {
    const index = actions.indexOf(action);
    if (index < 0) return;
    actions.splice(index, 1);
    await bounded(action);
  };
}

/** Runs every registered action, newest first; safe to call more than once. */
export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    for (let action = actions.pop(); action; action = actions.pop()) await bounded(action);
  })();
  return running;
}

async function bounded(action: Action): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      process.stderr.write(`bench: cleanup "${action.label}" timed out\n`);
      resolve();
    }, STEP_TIMEOUT_MS);
  });
  try {
    await Promise.race([Promise.resolve().then(action.run), timeout]);
  } catch (error) {
    process.stderr.write(`bench: cleanup "${action.label}" failed: ${(error as Error).message}\n`);
  } finally {
    clearTimeout(timer);
  }
}

/** Ctrl-C, SIGTERM and SIGHUP clean up, then exit with the conventional code. */
export function installSignalHandlers(): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal} received, cleaning up…\n`);
      void cleanupAll().finally(() => process.exit(code));
    });
  }
}

/** Stops a child: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), graceMs);
  });
  const timedOut = await Promise.race([exited.then(() => false), late]);
  clearTimeout(timer);
  if (timedOut) {
    child.kill('SIGKILL');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  }
}
