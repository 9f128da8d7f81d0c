/**
 * Preloaded (`node --import`) into the `dramadex import` child of import-command.test.ts, so that test can
 * kill an import in the middle of its transaction on any machine, fast or loaded: once the transaction has
 * written (on SQLite, once at least 2 MB of its uncommitted pages have spilled into the write-ahead log),
 * the child prints `mid-import` and blocks, holding the transaction open until it is killed. It looks
 * after each batch the transaction writes, where the store reports progress (`onProgress`). It blocks on a
 * read of its standard input, which the test never writes: should the test process die first, the pipe
 * closes and the child exits instead of holding its transaction for ever.
 */
import { existsSync, readSync, statSync, writeSync } from 'node:fs';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';

/** How much of the transaction's pages must be in the SQLite write-ahead log before the hold. */
const SPILLED_BYTES = 2_000_000;

const importEntries = CatalogueStore.prototype.importEntries;

CatalogueStore.prototype.importEntries = function holdMidImport(entries, options = {}) {
  const { dialect, url } = this.database;
  const wal = `${url.slice('sqlite:'.length)}-wal`;
  const walSize = () => (existsSync(wal) ? statSync(wal).size : 0);
  const walBefore = dialect === 'sqlite' ? walSize() : 0;
  return importEntries.call(this, entries, {
    ...options,
    onProgress: (done) => {
      options.onProgress?.(done);
      if (dialect === 'sqlite' && walSize() < walBefore + SPILLED_BYTES) return;
      writeSync(1, 'mid-import\n');
      readSync(0, Buffer.alloc(1));
      process.exit(1);
    },
  });
};
