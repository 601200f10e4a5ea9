import { PAYABLE_TARGET_FIELDS, type PayableTargetField } from '@taxrecon/contracts';
import type { FinancialYear } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import { openRecords } from '../../ingest/open-records.ts';
import { listExpenseFiles } from '../inputs/ledger-files.ts';
import { mapLedgerHeaders } from '../ledger-read.ts';
import { monthsOfYear } from './months.ts';
import { rememberedMapping } from './remembered-mapping.ts';

const TARGETS = new Set<string>(PAYABLE_TARGET_FIELDS);

// The New 34A screen's starting mapping: the one remembered for the entity,
// else a guess from the headers of the year's first expense file.
export const payableMapping = async (ctx: AppContext, entityId: string, fy: FinancialYear) => {
  const remembered = await rememberedMapping(ctx.database.pool, entityId);
  const clean = (m: Record<string, string>) =>
    Object.fromEntries(Object.entries(m).filter(([, f]) => TARGETS.has(f))) as Record<
      string,
      PayableTargetField
    >;
  if (remembered) return { headers: remembered.headers, mappingDefinitions: clean(remembered.mapping) };
  const months = monthsOfYear(fy);
  const [first] = await listExpenseFiles(ctx.database.pool, entityId, fy, months[months.length - 1]!);
  if (!first) return { headers: [], mappingDefinitions: {} };
  const bytes = await ctx.files.read(first.storageKey);
  const source = await openRecords({ fileId: first.fileName, fileName: first.fileName, bytes }, undefined);
  await source.stop();
  const guessed = mapLedgerHeaders(source.headers);
  const mapping: Record<string, string> = {};
  for (const [field, index] of Object.entries(guessed))
    if (index !== undefined && source.headers[index] !== undefined) mapping[source.headers[index]] = field;
  return { headers: source.headers, mappingDefinitions: clean(mapping) };
};
