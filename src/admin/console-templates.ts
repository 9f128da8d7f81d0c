/**
 * Renders the console's pages with Eta, as the web page does (web/templates.ts): templates under
 * src/admin/views compiled once, every `<%= %>` HTML-escaped (titles, links, reasons and channel messages
 * are text from outside), the page's look from the web page's own stylesheet plus a small one of the
 * console's, served under `/admin/assets/` so the console works with WEB=off too. Each page gets the
 * layout's data: its language's words, the signed-in account, the session's CSRF token, the navigation
 * its role may use (console-page.ts), and the path the language switch returns to.
 */
import { Eta } from 'eta';
import type { Language } from '../config/config.js';
import { Assets } from '../web/assets.js';
import { TYPE_NAMES } from '../web/page-text.js';
import { ASSETS_DIRECTORY } from '../web/web-files.js';
import { CONSOLE_ASSETS, CONSOLE_VIEWS } from './console-files.js';
import { CONSOLE_TEXT, type ConsoleText } from './console-text.js';
import { consoleTime } from './console-time.js';
import { ENTRIES_TEXT } from './entries-text.js';
import { NAMES_TEXT } from './names-text.js';
import { OPERATIONS_TEXT } from './operations-text.js';
import type { Session } from './sessions.js';

export const CONSOLE_ASSET_PREFIX = '/admin/assets/';

/** One link of the navigation (console-page.ts says which a role sees). */
export interface NavItem {
  href: string;
  label: string;
}

/** What the layout shows around a page. */
export interface PageFrame {
  language: Language;
  pageTitle: string;
  /** The page's name (console-page.ts), for its heading. */
  pageName: string;
  /** The request's path, for the language switch and the current navigation item. */
  path: string;
  /** The navigation the signed-in role sees (console-page.ts). */
  nav: NavItem[];
  /** The signed-in session, or undefined on the sign-in and error pages of a visitor. */
  session: Session | undefined;
  /** CATALOGUE_TZ: every time on the page is written in it (console-time.ts). */
  timeZone: string;
}

export class ConsoleTemplates {
  private readonly eta = new Eta({ views: CONSOLE_VIEWS, cache: true, autoEscape: true });
  readonly siteAssets = new Assets(ASSETS_DIRECTORY, CONSOLE_ASSET_PREFIX);
  readonly ownAssets = new Assets(CONSOLE_ASSETS, CONSOLE_ASSET_PREFIX);
  private readonly stylesheets = [this.siteAssets.url('site.css'), this.ownAssets.url('console.css')];
  private readonly icon = this.siteAssets.url('icon.svg');

  text(language: Language): ConsoleText {
    return CONSOLE_TEXT[language];
  }

  /** A whole page: `view` (a file in src/admin/views) inside the layout, with `data` beside the layout's. */
  render(view: string, frame: PageFrame, data: object = {}): string {
    const t = CONSOLE_TEXT[frame.language];
    const layout = {
      t,
      o: OPERATIONS_TEXT[frame.language],
      n: NAMES_TEXT[frame.language],
      f: ENTRIES_TEXT[frame.language],
      typeNames: TYPE_NAMES[frame.language],
      pageTitle: frame.pageTitle,
      pageName: frame.pageName,
      path: frame.path,
      account: frame.session ? { name: frame.session.name, role: t.roleNames[frame.session.role] ?? frame.session.role } : undefined,
      csrfToken: frame.session?.csrfToken ?? '',
      nav: frame.nav,
      stylesheets: this.stylesheets,
      icon: this.icon,
      when: (value: string | number | null | undefined) => consoleTime(value, frame.timeZone),
    };
    return this.eta.render(`./${view}`, { ...layout, ...data });
  }

  /** A served stylesheet or icon by its fingerprinted name. */
  asset(servedName: string) {
    return this.ownAssets.get(servedName) ?? this.siteAssets.get(servedName);
  }
}
