/**
 * Keeps the hidden class of Node's `process.nextTick` queue entries alive for the life of the process.
 *
 * Why: Node builds each queue entry as an object literal with computed symbol keys (`{ [async_id_symbol]:
 * …, [trigger_async_id_symbol]: …, callback, args }`, lib/internal/process/task_queues.js). V8 records the
 * maps it sees while defining those keys in weak feedback slots, and a slot that has seen one map goes
 * straight to megamorphic when it meets a second. Entries live for microseconds, so when a full GC runs
 * while none is queued, the intermediate maps die, the next entry gets fresh ones, and the slots turn
 * megamorphic for good: every `nextTick` from then on defines its keys through the V8 runtime. Whether that
 * happens depends on when the first full GCs land, so some server processes run far slower than others.
 * One entry kept reachable keeps its map chain alive, and the slots stay monomorphic.
 *
 * Every supported line still needs it: after idle full GCs, a `nextTick` costs 410–470 ns without this
 * against 58–60 ns with it on Node 22.23, and 510–700 ns against 120–140 ns on Node 24.21
 * (test/boot/tick-object-shape.test.ts reproduces the slow path and fails when a Node that shows it is
 * not covered by AFFECTED_MAJORS).
 *
 * Call it first thing in the process, before loading anything that could trigger a full GC.
 */
import { createHook } from 'node:async_hooks';

/** The Node major lines measured to lose the entry's maps in a full GC. */
export const AFFECTED_MAJORS: readonly number[] = [20, 22, 24];

let kept: object | undefined;

export function tickObjectShapeNeeded(version = process.versions.node): boolean {
  return AFFECTED_MAJORS.includes(Number(version.split('.')[0]));
}

export function keepTickObjectShape(): void {
  if (kept || !tickObjectShapeNeeded()) return;
  // An init hook is the only way to see a queue entry; it is enabled for exactly one nextTick.
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') kept ??= resource;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
}
