/**
 * Seeds empty ranking boards with the demo boards on `npm start` (two snapshots each, so `hot_change` shows
 * movement); says whether it did, for the audit record.
 */
import { RANKING_BOARDS } from '../../shared/board-names.js';
import type { RankingBoards } from '../ranking-boards.js';
import { parseRecords } from '../records.js';
import { type DemoLists, demoBoard, earlierDemoBoard } from './demo-rankings.js';

export async function loadDemoRankings(boards: RankingBoards, lists: DemoLists, log: (message: string) => void): Promise<boolean> {
  for (const board of RANKING_BOARDS) {
    if ((await boards.store.latestId(board)) !== 0) {
      log('demo rankings not loaded: the ranking boards already hold snapshots');
      return false;
    }
  }
  const now = Date.now();
  for (const board of RANKING_BOARDS) {
    await boards.import(board, parseRecords(board, earlierDemoBoard(lists, board)), new Date(now - 3_600_000));
    await boards.import(board, parseRecords(board, demoBoard(lists, board)), new Date(now));
  }
  log(`demo rankings loaded: ${RANKING_BOARDS.length} boards (${RANKING_BOARDS.join(', ')})`);
  return true;
}
