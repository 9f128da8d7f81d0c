/**
 * Where the console's templates and stylesheet live: beside this module, as the web page's do
 * (web/web-files.ts); the build copies them to dist/src/admin/ (shared/source-files.ts).
 */
import { sourceFile } from '../shared/source-files.js';

export const CONSOLE_VIEWS = sourceFile(import.meta.url, 'views');
export const CONSOLE_ASSETS = sourceFile(import.meta.url, 'assets');
