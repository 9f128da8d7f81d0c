/**
 * Where the console's templates and stylesheet live. Like the web page's (web/web-files.ts) they are not
 * TypeScript, so code compiled to `dist/src/admin/` reads them from the checkout's `src/admin/`.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ADMIN_DIRECTORY = existsSync(join(here, 'views')) ? here : join(here, '..', '..', '..', 'src', 'admin');

export const CONSOLE_VIEWS = join(ADMIN_DIRECTORY, 'views');
export const CONSOLE_ASSETS = join(ADMIN_DIRECTORY, 'assets');
