/** `dramadex serve [--demo]`: both listeners on the configured store; `--demo` seeds an empty one. */
import type { Config } from '../config/config.js';
import { loadDemoData } from '../demo/load-demo-data.js';
import { startServer } from '../server.js';

export async function serveCommand(config: Config, demo: boolean): Promise<void> {
  await startServer(config, async (services) => {
    if (demo) await loadDemoData(services);
    // The operator's hint lives here, in the log; the public page only says there is nothing yet.
    else if (services.catalogue.size === 0) {
      services.log.info('the catalogue is empty: add entries with `dramadex import <file>`, or start with `dramadex serve --demo`');
    }
  });
  // The listeners keep the process alive until SIGINT/SIGTERM.
}
