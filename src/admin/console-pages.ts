/**
 * Every console page and route group, each declared once beside its routes (console-page.ts). This list
 * is their order in the navigation; a new page is declared in its module and added here, and nothing else
 * needs to know of it (docs/console.md, "Adding a page").
 */
import { ACCOUNTS_PAGE } from './accounts-routes.js';
import { AUDIT_PAGE } from './audit-routes.js';
import type { ConsolePage } from './console-page.js';
import { DASHBOARD_PAGE } from './dashboard-routes.js';
import { ENTRIES_PAGE } from './entries-routes.js';
import { IMPORT_PAGE } from './import-routes.js';
import { KEYS_PAGE } from './keys-routes.js';
import { LINKS_PAGE, REPORTS_PAGE } from './links-routes.js';
import { SIGN_IN_PAGE, SIGN_OUT } from './sign-in-routes.js';
import { SOURCES_PAGE } from './sources-routes.js';
import { TAKEDOWNS_PAGE } from './takedowns-routes.js';
import { CONSOLE_ASSETS, LANGUAGE_SWITCH } from './visitor-routes.js';

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  SIGN_IN_PAGE,
  SIGN_OUT,
  LANGUAGE_SWITCH,
  CONSOLE_ASSETS,
  DASHBOARD_PAGE,
  ENTRIES_PAGE,
  LINKS_PAGE,
  REPORTS_PAGE,
  SOURCES_PAGE,
  IMPORT_PAGE,
  TAKEDOWNS_PAGE,
  AUDIT_PAGE,
  KEYS_PAGE,
  ACCOUNTS_PAGE,
];
