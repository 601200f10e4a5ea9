import type { Paise } from '@taxrecon/shared';
import type { ReconcileResult } from './result-types.ts';

// A row by the key of `partyRowKeys` (see row-keys.ts for why a fingerprint).
export interface RowRef {
  side: 'book' | 'taxBook';
  key: string;
}

export interface SplitPart {
  tax: Paise;
  amount: Paise;
}

interface DecisionBase {
  id?: string | null;
  note?: string | null;
  by?: string | null;
  at?: string | null;
}

// What a person decided on the discrepancy screen (spec 2.6 and 4). Kept
// apart from the automatic result and applied over it, in order, every time
// the same data is reconciled again.
export type Decision =
  // Without `correlate`: each row is accepted as it stands. With it: the
  // selected rows are accepted as one match (spec "Correlate Entries").
  | (DecisionBase & { action: 'Accept'; rows: RowRef[]; correlate?: boolean })
  | (DecisionBase & { action: 'AcceptPartial'; rows: RowRef[]; acceptedTax: Paise })
  | (DecisionBase & { action: 'Hold' | 'FollowUp' | 'Pending'; rows: RowRef[] })
  | (DecisionBase & { action: 'Split'; row: RowRef; parts: SplitPart[] })
  // A manual pair of any rows of one party, whatever their amounts.
  | (DecisionBase & { action: 'Pair'; rows: RowRef[] })
  // Releases the match holding the row, automatic or manual.
  | (DecisionBase & { action: 'Unpair'; row: RowRef });

export type DecisionErrorCode =
  | 'UNKNOWN_ACTION'
  | 'NO_ROWS'
  | 'ROW_NOT_FOUND'
  | 'ROW_NOT_CONSIDERED'
  | 'AMBIGUOUS_KEY'
  | 'DIFFERENT_PARTIES'
  | 'ROW_ALREADY_MATCHED'
  | 'ROW_IS_SPLIT'
  | 'ROW_NOT_MATCHED'
  | 'INVALID_SELECTION'
  | 'INVALID_SPLIT'
  | 'INVALID_ACCEPTED_TAX';

export interface DecisionError {
  // Position of the decision in the list given.
  index: number;
  id: string | null;
  code: DecisionErrorCode;
  message: string;
}

export interface DecisionOutcome {
  result: ReconcileResult;
  errors: DecisionError[];
  applied: number;
}
