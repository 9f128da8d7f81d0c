/**
 * The ranking service's changes as operators make them (docs/ranking.md, `dramadex rankings import` and
 * `dramadex token`): a board's new snapshot, and the bearer tokens issued, rebound and revoked. Each
 * writes its audit row in the change's own transaction; a token's row names it by id and prefix, never
 * by the secret, which is returned once and stored only as a hash.
 */
import { type IssuedToken, RankingTokens } from '../boards/access-tokens/access-tokens.js';
import { type TokenRecord, TokenStore } from '../boards/access-tokens/token-store.js';
import { type ImportSummary, RankingBoards } from '../boards/ranking-boards.js';
import type { RecordInput } from '../boards/records.js';
import { SnapshotStore } from '../boards/snapshot-store.js';
import type { Board } from '../shared/board-names.js';
import type { LocalClock } from '../shared/local-time.js';
import type { Database } from '../store/database.js';
import type { AuditLog } from './audit-log.js';
import { OperationRefused } from './operation-refused.js';

export class RankingOperations {
  /** The tokens to read (list, find); operators never derive channel tokens, so no derivation key. */
  readonly tokens: RankingTokens;
  /** The boards to read (a dry run's preview). */
  readonly boards: RankingBoards;

  constructor(
    database: Database,
    private readonly audit: AuditLog,
    private readonly clock: LocalClock,
    private readonly retentionDays: number,
  ) {
    this.tokens = tokensOf(database);
    this.boards = this.boardsOf(database);
  }

  /** Stores a snapshot of `board`; `from` is what the audit row says it came from (a file's name). */
  importSnapshot(actor: string, board: Board, records: RecordInput[], from: string): Promise<ImportSummary> {
    return this.audit.change(
      actor,
      (database) => this.boardsOf(database).import(board, records),
      (done) => [{ action: 'rankings import', target: board, detail: `snapshot ${done.snapshotId}, ${done.records} records from ${from}` }],
    );
  }

  /** A new token, bound to `address` now or (undefined) to the first address that uses it. */
  issueToken(actor: string, address: string | undefined): Promise<IssuedToken> {
    return this.audit.change(
      actor,
      (database) => tokensOf(database).issue(address),
      ({ record }) => [
        { action: 'token issue', target: `token ${record.id}`, detail: `${record.tokenPrefix}…, bound to ${record.boundAddress ?? '-'}` },
      ],
    );
  }

  /** Binds a token to `address`, or (null) leaves it to its next user; refused for a revoked token. */
  rebindToken(actor: string, token: TokenRecord, address: string | null): Promise<TokenRecord> {
    return this.audit.change(
      actor,
      async (database) => {
        const rebound = await tokensOf(database).rebind(token.id, address);
        if (!rebound) throw new OperationRefused(`token ${token.id} is revoked; issue a new one`);
        return rebound;
      },
      (rebound) => [{ action: 'token rebind', target: `token ${rebound.id}`, detail: `bound to ${rebound.boundAddress ?? '-'}` }],
    );
  }

  /** Revokes a token for good; refused when it already was. */
  async revokeToken(actor: string, token: TokenRecord): Promise<void> {
    await this.audit.change(
      actor,
      async (database) => {
        if (!(await tokensOf(database).revoke(token.id))) throw new OperationRefused(`token ${token.id} was already revoked`);
      },
      () => [{ action: 'token revoke', target: `token ${token.id}`, detail: `${token.tokenPrefix}…` }],
    );
  }

  private boardsOf(database: Database): RankingBoards {
    return new RankingBoards(new SnapshotStore(database), this.clock, this.retentionDays);
  }
}

function tokensOf(database: Database): RankingTokens {
  return new RankingTokens(new TokenStore(database), undefined);
}
