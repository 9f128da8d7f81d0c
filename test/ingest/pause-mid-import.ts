/**
 * Preloaded (`node --import`) into the `dramadex import` child of takedown-during-import.test.ts, so that test
 * can send a console takedown while the import's transaction holds the write lock, on any machine, fast or
 * loaded: after the transaction's first batch is written, the child prints `mid-import` and waits for one
 * byte on its standard input, then goes on to finish the import as usual. Should the test process die
 * first, the pipe closes and the read returns, so the child never waits for ever.
 */
import { readSync, writeSync } from 'node:fs';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';

/** Blocks until one byte (or the end) arrives on standard input; a pipe not yet written says EAGAIN. */
function waitForOneByte(): void {
  const tick = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      readSync(0, Buffer.alloc(1));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(tick, 0, 0, 20);
    }
  }
}

const importEntries = CatalogueStore.prototype.importEntries;

CatalogueStore.prototype.importEntries = function pauseMidImport(entries, options = {}) {
  let paused = false;
  return importEntries.call(this, entries, {
    ...options,
    onProgress: (done) => {
      options.onProgress?.(done);
      if (paused) return;
      paused = true;
      writeSync(1, 'mid-import\n');
      waitForOneByte();
    },
  });
};
