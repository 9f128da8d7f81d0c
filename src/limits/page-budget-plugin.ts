/**
 * The web page's budget on the catalogue listener, hooked in as the catalogue limits are (plugin.ts):
 * each page route gets its own `onRequest` hook as it is declared, and the 404 handler alone runs
 * `budgetUnmatched`. Pages are every route the API's rules do not count (`isApi`), except the static assets, which no
 * budget counts; so `/docs` and a page that does not exist are the page's too. A refusal goes to the
 * central error handler, which answers a browser with the HTML 429 page.
 */
import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { PageBudget } from './page-budget.js';

export interface PageBudgetPluginOptions {
  budget: PageBudget;
  /** The feeds' own budget (`/feeds/…`), never the page's. */
  feeds: PageBudget;
  /** The requests the API's rules count instead, by route path or, on the 404 path, by URL. */
  isApi: (path: string) => boolean;
}

const ASSET_ROUTES = '/assets/';
const FEED_ROUTES = '/feeds/';

function pageHook(budget: PageBudget): onRequestHookHandler {
  return function countPage(request, _reply, done) {
    budget.check(request.ip, (error) => done(error ?? undefined));
  };
}

const plugin: FastifyPluginAsync<PageBudgetPluginOptions> = async (app, { budget, feeds, isApi }) => {
  const countPage = pageHook(budget);
  const countFeed = pageHook(feeds);
  app.addHook('onRoute', (route) => {
    if (isApi(route.url) || route.url.startsWith(ASSET_ROUTES)) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [route.url.startsWith(FEED_ROUTES) ? countFeed : countPage, ...own];
  });
};

export const pageBudgetPlugin = fp(plugin, { name: 'dramadex-page-budget', fastify: '5.x' });

/** The budget's hook of the 404 path (installErrorHandling's `onNotFoundRequest`): a page that does not exist is a page. */
export function budgetUnmatched(budget: PageBudget, isApi: (path: string) => boolean): onRequestHookHandler {
  const countPage = pageHook(budget);
  return function countUnmatchedPage(request, reply, done) {
    if (isApi(request.url)) done();
    else countPage.call(this, request, reply, done);
  };
}
