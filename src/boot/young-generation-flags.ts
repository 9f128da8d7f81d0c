/**
 * The young generation's size for `serve`, `mirror` and `sources`: the launcher (bin/dramadex.js) restarts
 * those commands once, before anything is loaded, with V8's semi-spaces capped and floored at 16 MiB.
 * V8 fixes the young generation's ceiling when the process starts, so only a restart can set it; the
 * other place the service reaches into V8 is a collection at known moments (collect-garbage.ts).
 *
 * Why the cap: V8 sizes the ceiling from the machine's memory (on a 24 GB machine, 64 MB semi-spaces),
 * and under sustained traffic the catalogue thread's young generation grows to it and stays committed:
 * about 130 MB of the server's resident memory after a load run at a million entries (docs/deployment.md,
 * "Memory per instance"). `v8.setFlagsFromString('--max-semi-space-size=…')` at run time changes nothing
 * once the heap exists, so the launcher replaces its own process image once (`process.execve`: same
 * process id, so signals, supervisors and exit codes see one process) with the cap added. Measured, the
 * cap costs start-up nothing: the store read's batches die young at any of these sizes.
 *
 * Why the floor (`--min-semi-space-size` at the same size): the start-up collection gives the young
 * generation back (collect-garbage.ts), and under replayed requests, where almost nothing survives a
 * scavenge, V8 does not grow it again past a few MB, so a million-entry server would scavenge every
 * ≈ 270 requests instead of every ≈ 1,300, each time walking the same roots: 5–12% of its CPU per
 * replayed request (docs/deployment.md, "The young generation's floor"), for ≈ 15 MB more resident memory.
 *
 * An operator's own `--max-semi-space-size` or `--min-semi-space-size` (in NODE_OPTIONS or on node's
 * command line) wins, and a Node without `process.execve` (before 22.15, or Windows) runs as it is.
 *
 * Worth it, measured on Node 24.21 (1M entries, SQLite): `serve` after the same 200,000 requests, RSS 566 MB
 * capped against 682 MB uncapped; a 1M-entry `mirror`, peak RSS 273 MB against about 365 MB (the 300 MB
 * bound of docs/sources.md). `process.execve` is experimental on Node 22 (22.15+) and 24; if it goes, the
 * fallback above runs uncapped, and deploy/Dockerfile gives the same flags without it: the cap in
 * `NODE_OPTIONS`, the floor on node's command line (Node refuses `--min-semi-space-size` in `NODE_OPTIONS`).
 * Check the figures again on each Node upgrade (`npm run bench -- --only "sources mirror"`).
 */

/** MiB per semi-space for those commands: a young generation of at most 3 × 16 MiB (Node's doc: three semi-spaces). */
export const SEMI_SPACE_MB = 16;

/**
 * The commands that run with the cap: `serve`, and the commands that stream an upstream's dump (`mirror`,
 * `sources`), whose parsing allocates as fast as a server under load and, uncapped, kept ~150 MB of young
 * generation committed on a large machine (over the 300 MB a 1M-entry mirror may take, docs/sources.md).
 */
const CAPPED_COMMANDS = ['serve', 'mirror', 'sources'];

/** What those commands restart with: the young generation's ceiling, and its floor at the same size. */
export const YOUNG_GENERATION_FLAGS = [`--max-semi-space-size=${SEMI_SPACE_MB}`, `--min-semi-space-size=${SEMI_SPACE_MB}`];

const SEMI_SPACE_FLAG = /(^|\s)--(max|min)[-_]semi[-_]space[-_]size\b/;

export interface ProcessStart {
  /** The launcher's arguments after node's own: [script, command, ...]. */
  argv: readonly string[];
  execArgv: readonly string[];
  nodeOptions: string | undefined;
}

/**
 * The arguments (after the node executable) to start with, or undefined when the process should run as it
 * is: not one of the capped commands, or the operator already chose a young-generation size.
 */
export function youngGenerationRestartArgs({ argv, execArgv, nodeOptions }: ProcessStart): string[] | undefined {
  const command = argv.slice(1).find((arg) => !arg.startsWith('-'));
  if (command === undefined || !CAPPED_COMMANDS.includes(command)) return undefined;
  if (SEMI_SPACE_FLAG.test(nodeOptions ?? '') || execArgv.some((arg) => SEMI_SPACE_FLAG.test(arg))) return undefined;
  return [...YOUNG_GENERATION_FLAGS, ...execArgv, ...argv];
}

/** Replaces this process with one started with the young generation's flags, when they apply (see above). */
export function restartWithYoungGenerationFlags(): void {
  const args = youngGenerationRestartArgs({
    argv: process.argv.slice(1),
    execArgv: process.execArgv,
    nodeOptions: process.env.NODE_OPTIONS,
  });
  if (!args || typeof process.execve !== 'function' || process.platform === 'win32') return;
  process.execve(process.execPath, [process.execPath, ...args], process.env);
}
