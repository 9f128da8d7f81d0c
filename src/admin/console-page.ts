/**
 * A console page declared once (docs/console.md, "Adding a page"): where it lives, who may use it, its
 * name in both languages, whether the navigation lists it, and its routes. Everything else is derived from
 * the declarations: the access each route needs (stamped on the route's config as it is declared, read by
 * the access hook), the navigation a role sees, and the title and heading of the page's view. A route under `/admin`
 * declared outside a page has no access and is refused to everyone (fail closed); one declared by a page
 * outside that page's path stops the server at start-up, so a page cannot grant its role elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import type { Language } from '../config/config.js';
import type { AdminConsole } from './console.js';
import type { NavItem } from './console-templates.js';
import { type Access, allows, type Role } from './roles.js';

export interface ConsolePage {
  /** Its path under `/admin` (`''` is the overview); every route it declares is this path or below it. */
  path: string;
  /** Who may open it and send its forms (roles.ts). */
  access: Access;
  /** Its name in each language: the navigation's label, the browser's title and the page's heading. */
  name?: Record<Language, string>;
  /** The view (src/admin/views/<view>.eta) that shows it, whichever route renders it (a form's answer too). */
  view?: string;
  /** Whether the navigation lists it (for the roles its access allows). */
  inNavigation?: boolean;
  /** Declares its routes, with paths relative to `/admin`. */
  routes(app: FastifyInstance, options: { admin: AdminConsole }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The console page that declared this route (console-page.ts); absent outside the console. */
    consolePage?: ConsolePage;
  }
}

/** The URL prefix of every console route. */
export const CONSOLE_PREFIX = '/admin';

/** Whether `url` (as Fastify declared it, prefix included) is the page's path or lies below it. */
function withinPage(page: ConsolePage, url: string): boolean {
  const base = `${CONSOLE_PREFIX}${page.path}`;
  const trimmed = url.length > 1 ? url.replace(/\/$/, '') : url;
  return trimmed === base || (page.path !== '' && trimmed.startsWith(`${base}/`));
}

/**
 * Registers each page in its own scope, whose onRoute hook stamps the page on every route it declares
 * (Fastify runs a scope's onRoute hooks for the routes declared in it, after the root's).
 */
export async function registerPages(app: FastifyInstance, pages: readonly ConsolePage[], admin: AdminConsole): Promise<void> {
  for (const page of pages) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        if (!withinPage(page, route.url)) {
          throw new Error(`console route ${route.url} lies outside its page ${CONSOLE_PREFIX}${page.path}`);
        }
        route.config = { ...route.config, consolePage: page };
      });
      await page.routes(scope, { admin });
    });
  }
}

/** The navigation a role sees, in the pages' order. */
export function navigationFor(pages: readonly ConsolePage[], role: Role, language: Language): NavItem[] {
  return pages
    .filter((page) => page.inNavigation && page.name && allows(role, page.access))
    .map((page) => ({ href: `${CONSOLE_PREFIX}${page.path}`, label: page.name?.[language] ?? page.path }));
}

/** A page's name by the view that shows it: a form of one page may answer with another's view. */
export function pageNames(pages: readonly ConsolePage[]): Map<string, Record<Language, string>> {
  return new Map(pages.flatMap((page) => (page.view && page.name ? [[page.view, page.name] as const] : [])));
}
