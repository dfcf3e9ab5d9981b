// The ledger's public surface: other domains post movements and read balances through it.
export {
  accountId,
  balanceOf,
  type LedgerAccount,
  type LedgerAccountKind,
  walletBalance,
} from './accounts.ts';
export {
  accountOf,
  InsufficientFunds,
  type LedgerLeg,
  type Movement,
  type MovementKind,
  type Posted,
  postMovement,
  reverseMovement,
} from './post.ts';
export { type TrialBalance, trialBalance } from './reconcile.ts';
export { type StatementLine, type StatementQuery, walletStatement } from './statement.ts';
