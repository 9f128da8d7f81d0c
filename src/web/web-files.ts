/**
 * Where the page's templates and static files live. They are not TypeScript, so the compiler does not
 * copy them to dist/: code compiled to `dist/src/web/` reads them from the checkout's `src/web/`, code
 * run from source (tsx) from beside itself.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const WEB_DIRECTORY = existsSync(join(here, 'views')) ? here : join(here, '..', '..', '..', 'src', 'web');
export const VIEWS_DIRECTORY = join(WEB_DIRECTORY, 'views');
export const ASSETS_DIRECTORY = join(WEB_DIRECTORY, 'assets');
