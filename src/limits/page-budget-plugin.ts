/**
 * The web page's budget on the catalogue listener: one `onRequest` hook, not encapsulated, so it sees
 * every request (pages, the page 404s, `/docs`), and counts those that are neither the JSON API (which
 * the catalogue rules count, limits/plugin.ts) nor a static asset (never counted). A refusal goes to
 * the central error handler, which answers a browser with the HTML 429 page.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, isAssetPath } from '../http/paths.js';
import type { PageBudget } from './page-budget.js';

export interface PageBudgetPluginOptions {
  budget: PageBudget;
}

const plugin: FastifyPluginAsync<PageBudgetPluginOptions> = async (app, { budget }) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    if (isApiPath(url) || isAssetPath(url)) return done();
    budget.check(request.ip, (error) => done(error ?? undefined));
  });
};

export const pageBudgetPlugin = fp(plugin, { name: 'dramadex-page-budget', fastify: '5.x' });
