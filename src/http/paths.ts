/**
 * Which part of the catalogue address a request belongs to (docs/web.md): the JSON API under `/api`, the
 * web page's static assets under `/assets/`, or a page. The limits count the API and the page on separate
 * budgets, so the test must read a path as the router does: percent-decoded (`/%61pi/contents` is routed
 * to `/api/contents` and must be counted as the API). A path that cannot be decoded counts as the API,
 * the stricter budget.
 */
const API_PREFIX = '/api';
/** One file name straight under `/assets/`, as the asset route serves it (no `..`, no sub-folder). */
const ASSET_PATH = /^\/assets\/[\w-]+\.[\w.]+(?:\?|$)/;

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

/** The web page's fingerprinted static files, which no budget counts. Only a literal file name qualifies. */
export function isAssetPath(url: string): boolean {
  return url.startsWith('/assets/') && ASSET_PATH.test(url);
}
