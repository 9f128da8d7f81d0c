/**
 * The ranking endpoints: family A (docs/interface.md: hot dramas, the actor board and its female/male views) and
 * family B (`/api/extrank/<board>/hot` with `start` and `hit`). Every route sits behind the
 * bearer check; handlers only read a board and wrap it in the success envelope.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config/config.js';
import { success } from '../http/envelope.js';
import type { Localized } from '../http/errors.js';
import { responseLanguage } from '../http/language.js';
import { FAMILY_B_BOARDS } from '../shared/board-names.js';
import { bearerAuth } from './access-tokens/bearer-auth.js';
import { parseStartAndHit } from './query-params.js';
import type { BoardView } from './ranking-boards.js';
import type { RankingServices } from './ranking-services.js';
import type { RankingRecord } from './records.js';
import { actorBoardSchema, dramaBoardSchema, hotListSchema } from './schemas.js';

export interface RankingRoutesOptions {
  config: Config;
  rankings: RankingServices;
}

const FETCHED: Localized = { zh: '获取成功', en: 'Fetched successfully' };

function boardData<T extends RankingRecord>(view: BoardView<T>, limit?: number) {
  return {
    items: limit === undefined ? view.records : view.records.slice(0, limit),
    total: view.records.length,
    board: view.board,
    updated_at: view.updatedAt,
  };
}

export const rankingRoutes: FastifyPluginAsyncTypebox<RankingRoutesOptions> = async (app, { config, rankings }) => {
  const { boards } = rankings;
  const languageOf = (acceptLanguage: string | undefined) => responseLanguage(acceptLanguage, config.language);

  app.addHook('onRequest', bearerAuth(rankings.auth));

  app.get('/api/drama-actors/hot-dramas', { schema: dramaBoardSchema }, async (request) =>
    success(FETCHED, languageOf(request.headers['accept-language']), boardData(await boards.view('hot-dramas'))),
  );

  app.get('/api/drama-actors', { schema: actorBoardSchema }, async (request) =>
    success(FETCHED, languageOf(request.headers['accept-language']), boardData(await boards.view('actors'))),
  );

  for (const gender of ['female', 'male'] as const) {
    app.get(`/api/drama-actors/${gender}`, { schema: actorBoardSchema }, async (request) =>
      success(FETCHED, languageOf(request.headers['accept-language']), boardData(await boards.genderView(gender))),
    );
  }

  for (const board of FAMILY_B_BOARDS) {
    app.get(`/api/extrank/${board}/hot`, { schema: hotListSchema }, async (request) => {
      const { start, hit } = parseStartAndHit(request.query, config.ranking.hitMax);
      const view = await boards.view(board);
      return success(FETCHED, languageOf(request.headers['accept-language']), { ...boardData(view, hit), start, hit });
    });
  }
};
