/**
 * Why this exists: the anchor (engine-anchor.ts) prints each search's CPU time beside its wall time,
 * because on a shared machine the wall times' tails are other processes' load. `process.cpuUsage().user`
 * was the wrong clock for that, twice over. Linux splits a process's CPU time into user and system by
 * scheduler ticks (4 ms): one tick counted as system moves about 4 ms between the two, so a
 * one-character search of 0.6 ms wall read 5.7 ms "user". And it counts every thread: V8's concurrent
 * marking, sweeping and compiling threads run on the other core beside a search, as they would beside an
 * outside client's request, which waits only for the search's own thread.
 *
 * So a search's CPU time here is the process's user and system time together (exact: the kernel brings
 * the calling thread's runtime up to date for it) less what the other threads ran meanwhile, read from
 * their /proc/self/task/<tid>/schedstat. The calling thread's own schedstat, like
 * `process.threadCpuUsage()`, lags until the next tick or switch, so it is not read directly.
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';

const buffer = Buffer.alloc(64);
/** Open schedstat files of the process's other threads, by thread id (threads come and go: refreshed when asked). */
const others = new Map<string, number>();

/** The process's CPU time (user and system, every thread) in ms. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The CPU time in ms the process's threads other than the main one have run so far (0 where /proc is missing). */
export function otherThreadsCpuMs(): number {
  let sum = 0;
  for (const [thread, file] of others) {
    try {
      const length = readSync(file, buffer, 0, buffer.length, 0);
      sum += Number(buffer.toString('latin1', 0, length).split(' ', 1)[0]) / 1e6;
    } catch {
      closeSync(file);
      others.delete(thread);
    }
  }
  return sum;
}

/** Opens the schedstat of every thread but the main one; call before a timed loop (V8 starts threads lazily). */
export function watchOtherThreads(): void {
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const thread of threads) {
    if (thread === String(process.pid) || others.has(thread)) continue;
    try {
      others.set(thread, openSync(`/proc/self/task/${thread}/schedstat`, 'r'));
    } catch {
      // The thread ended meanwhile.
    }
  }
}

/** Runs `work` and returns its result with the main thread's CPU time in ms. */
export function mainThreadCpu<T>(work: () => T): { result: T; cpu: number } {
  const othersBefore = otherThreadsCpuMs();
  const before = processCpuMs();
  const result = work();
  const cpu = processCpuMs() - before - (otherThreadsCpuMs() - othersBefore);
  return { result, cpu: Math.max(0, cpu) };
}
