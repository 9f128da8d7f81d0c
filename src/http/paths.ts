/**
 * Whether a path belongs to the JSON API under `/api` or to the web page (docs/web.md): the limits count
 * the two on separate budgets. Routes are classified by their declared path; a 404 by its URL, read as
 * the router reads it, percent-decoded (`/%61pi/nothing` is an API 404). A path that cannot be decoded
 * counts as the API, the stricter budget.
 */
const API_PREFIX = '/api';
const CONSOLE_PREFIX = '/admin';
/** The one POST route of the catalogue listener (docs/link-health.md): its CORS preflight allows POST, and a browser's form post gets pages. */
export const LINK_REPORTS_PATH = '/api/link-reports';
/** The path of a request URL as the router matches it: before `?`, percent-decoded; undefined when malformed. */
function routedPath(url: string): string | undefined {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** `/api` itself and everything below it, the JSON API (its 404s too). */
export function isApiPath(url: string): boolean {
  // The common case without a second string: the raw URL already starts with the prefix.
  if (url.startsWith(API_PREFIX) && (url.length === 4 || url[4] === '/' || url[4] === '?')) return true;
  const path = routedPath(url);
  if (path === undefined) return true;
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/**
 * `/admin` and everything below it, the operator console (docs/console.md): neither the API's limits nor
 * the web page's budget count it; the console has its own sign-in throttle.
 */
export function isConsolePath(url: string): boolean {
  const path = routedPath(url) ?? url;
  return path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`);
}

/**
 * Paths at `prefix` and below it, read as the router reads them (the PanSou interface's base,
 * docs/pansou.md): its own budget counts them, neither the API's limits nor the page's.
 */
export function underPrefix(prefix: string): (url: string) => boolean {
  return (url) => {
    const path = routedPath(url) ?? url;
    return path === prefix || path.startsWith(`${prefix}/`);
  };
}
