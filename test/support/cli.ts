/** `dramadex` as a child process, as operators run it: the same main() as the bin, from source (tsx) or dist. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function entryArgs(): string[] {
  const here = fileURLToPath(import.meta.url);
  const entry = join(dirname(here), `cli-entry${extname(here)}`);
  return [...process.execArgv.filter((arg) => !arg.startsWith('--test')), entry];
}

/** Upstream fixtures listen on loopback, which the address rule refuses unless allowed (docs/sources.md). */
export const LOOPBACK_FIXTURES = '127.0.0.0/8,::1';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `dramadex <args>` to its end; `input`, when given, is written to its standard input. */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [...entryArgs(), ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', SOURCES_ALLOW_PRIVATE: LOOPBACK_FIXTURES, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : undefined) : 0;
        if (code === undefined) reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

export interface RunningCli {
  child: ChildProcess;
  /** Everything written so far, stdout and stderr together. */
  output(): string;
  /** Resolves once the output matches `pattern`; rejects if the process exits first. */
  until(pattern: RegExp): Promise<void>;
}

/** A long-running `dramadex <args>` (e.g. `serve`), with everything it writes collected. */
export function startCli(args: string[], env: Record<string, string>): RunningCli {
  const child = spawn(process.execPath, [...entryArgs(), ...args], {
    env: { ...process.env, SOURCES_ALLOW_PRIVATE: LOOPBACK_FIXTURES, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collected(child, args);
}

/** Where util-linux's `script` is: it gives a command a terminal of its own (a pseudo-terminal). */
export const SCRIPT_PATH = '/usr/bin/script';

/**
 * `dramadex <args>` on a terminal of its own, as an operator types at it (what asks for a password
 * without echo): run under `script`, which passes what the test writes to the child's terminal and its
 * exit status back. `type` writes a line as if typed and Enter pressed.
 */
export function startCliOnTerminal(args: string[], env: Record<string, string>): RunningCli & { type(line: string): void } {
  const quoted = [process.execPath, ...entryArgs(), ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const child = spawn(SCRIPT_PATH, ['--quiet', '--flush', '--return', '--command', quoted, '/dev/null'], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return { ...collected(child, args), type: (line) => child.stdin?.write(`${line}\r`) };
}

function collected(child: ChildProcess, args: string[]): RunningCli {
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    child.emit('output');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const until = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(output)) return;
        child.off('output', check).off('exit', exited);
        resolve();
      };
      const exited = () => {
        child.off('output', check);
        reject(new Error(`dramadex ${args.join(' ')} exited before printing ${pattern}; output:\n${output}`));
      };
      child.on('output', check).once('exit', exited);
      check();
    });
  return { child, output: () => output, until };
}
