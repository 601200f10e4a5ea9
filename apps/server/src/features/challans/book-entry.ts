import { bookEntryRefusal, CHALLAN_DEFAULT_MINOR_HEAD, type DepositMode } from '@taxrecon/contracts';
import type pg from 'pg';
import { badRequest } from '../../platform/http/errors.ts';

// A deposit by book entry (transfer voucher, Form 24G) is a government
// office's way to pay (docs/decisions.md session 41): refused (400) unless the
// entity's deductor details (return_deductors, the 26Q batch header's deductor
// type) name one of Annexure 4's government categories.
export const refuseBookEntryUnlessGovernment = async (
  db: pg.PoolClient,
  entityId: string,
  mode: DepositMode,
): Promise<void> => {
  if (mode !== 'book_entry') return;
  const { rows } = await db.query<{ deductor_type: string }>(
    'SELECT deductor_type FROM return_deductors WHERE entity_id = $1',
    [entityId],
  );
  const refusal = bookEntryRefusal(rows[0]?.deductor_type ?? null);
  if (refusal) throw badRequest(refusal, 'BOOK_ENTRY_NOT_GOVERNMENT');
};

// A voucher has no minor head ("No value to be quoted for nil challan/
// transfer voucher", 26Q CD 40); a bank challan keeps the one it has, or
// the app's default.
export const minorHeadOf = (mode: DepositMode) => (mode === 'book_entry' ? '' : CHALLAN_DEFAULT_MINOR_HEAD);
export const minorHeadSql = (modeParam: string) =>
  `CASE WHEN ${modeParam} = 'book_entry' THEN '' ELSE coalesce(nullif(minor_head, ''), '${CHALLAN_DEFAULT_MINOR_HEAD}') END`;
