/** `dramadex serve [--demo]`: both listeners on the configured store; `--demo` seeds an empty one. */
import type { Config } from '../config.js';
import { loadDemoData } from '../demo/load-demo-data.js';
import { startServer } from '../server.js';

export async function serveCommand(config: Config, demo: boolean): Promise<void> {
  await startServer(config, async (services) => {
    if (demo) await loadDemoData(services);
  });
  // The listeners keep the process alive until SIGINT/SIGTERM.
}
