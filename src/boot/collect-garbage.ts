/**
 * A full garbage collection on demand, for the moments the service knows a large amount of memory has just
 * become garbage: the end of a start-up load (the catalogue's batches) and of a search worker's build. Its
 * "last resort" flavour also gives back the young generation, which a million-entry load grows to about
 * 130 MB and V8 otherwise keeps committed. The young generation's bounds are set once, at launch
 * (young-generation-flags.ts); these two modules are the only places the service reaches into V8.
 *
 * Node gives `gc` only with --expose-gc, which a worker cannot be given and operators should not have to
 * pass; set at run time, the flag exposes it in a new context.
 *
 * Worth it, measured: RSS after loading a million entries 470–506 MB with it against 721–743 MB without
 * (SQLite, Node 24.21, start-ups back to back on one database; CHANGELOG.md, "Capacity at a million
 * entries"). Not measured on Node 22; `gc` with these options exists on 22 and 24 (V8 12.4 and 13.6).
 * Check it again on each Node upgrade: if the options are refused, drop this module and its two callers.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'regular' | 'last-resort' }) => void;

let gc: Gc | undefined;

/** Collects now; `releaseYoungGeneration` also shrinks the young generation back to its initial size. */
export function collectGarbage({ releaseYoungGeneration = false }: { releaseYoungGeneration?: boolean } = {}): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  gc({ type: 'major', execution: 'sync', flavor: releaseYoungGeneration ? 'last-resort' : 'regular' });
}
