import fs from 'node:fs';
import { ROWS_ALREADY_LOADED } from '@taxrecon/contracts';
import {
  type Form26asResult,
  forEach26asEntry,
  openTracesZip,
  parse26asStream,
  parse26asText,
} from '@taxrecon/formats';
import { formatRupees } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { ReceivedFile } from '../../platform/http/uploads.ts';

// The exact-bytes check (DUPLICATE_FILE) misses a statement downloaded again,
// or with two bytes changed: its rows would load a second time and double the
// entity's 26AS. A statement is "already loaded" when at least half of its
// transactions (by deductor, section, date and amounts; not the booking status,
// which TRACES updates between downloads) are already there for the same PAN
// and financial year. The user is asked, and loads it anyway with force=true.
export const OVERLAP_SHARE = 0.5;

const fingerprintsOf = (result: Form26asResult): string[] => {
  const out: string[] = [];
  forEach26asEntry(result, (kind, party, t) => {
    out.push(
      [
        kind,
        party.tan,
        t.section,
        t.transactionDate,
        formatRupees(t.amount),
        formatRupees(t.tax),
        formatRupees(t.deposited),
      ].join('|'),
    );
  });
  return out;
};

export const statementsOf = async (
  file: ReceivedFile,
  password: string | undefined,
): Promise<Form26asResult[]> => {
  if (/\.zip$/i.test(file.fileName)) {
    const opened = await openTracesZip(await fs.promises.readFile(file.tempPath), password ?? '', {
      name: file.fileName,
    });
    // a zip that does not open is reported by the ingest job
    return opened.ok ? opened.files.map((f) => parse26asText(f.data, f.name)) : [];
  }
  return [await parse26asStream(fs.createReadStream(file.tempPath), file.fileName)];
};

const loadedFingerprints = async (ctx: AppContext, entityId: string, pan: string, financialYear: string) => {
  const rows = await sql<{ fp: string; n: number }>`
    SELECT concat_ws('|', e.part, e.tan, e.section, to_char(e.transaction_date, 'YYYY-MM-DD'),
                     e.amount::text, e.tax::text, e.deposited::text) AS fp,
           count(*)::int AS n
      FROM tax_entries e
      JOIN tax_statements s ON s.id = e.statement_id
     WHERE s.entity_id = ${entityId} AND e.entity_id = ${entityId}
       AND s.pan = ${pan} AND s.financial_year = ${financialYear}
     GROUP BY 1`.execute(ctx.db);
  return new Map(rows.rows.map((r) => [r.fp, Number(r.n)]));
};

// Answers 409 ROWS_ALREADY_LOADED for the first statement of the upload whose
// transactions are mostly loaded already.
export const refuseLoadedStatements = async (
  ctx: AppContext,
  entityId: string,
  statements: readonly { file: ReceivedFile; statement: Form26asResult }[],
): Promise<void> => {
  for (const { file, statement } of statements) {
    {
      const pan = statement.header?.pan;
      const financialYear = statement.header?.financialYear;
      const mine = fingerprintsOf(statement);
      if (!pan || !financialYear || mine.length === 0) continue;
      const loaded = await loadedFingerprints(ctx, entityId, pan, financialYear);
      if (loaded.size === 0) continue;
      let matched = 0;
      for (const fp of mine) {
        const left = loaded.get(fp) ?? 0;
        if (left > 0) {
          matched += 1;
          loaded.set(fp, left - 1);
        }
      }
      if (matched < mine.length * OVERLAP_SHARE) continue;
      const earlier = await ctx.db
        .selectFrom('tax_statements')
        .select(['file_name', 'created_at'])
        .where('entity_id', '=', entityId)
        .where('pan', '=', pan)
        .where('financial_year', '=', financialYear)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      const from = earlier
        ? ` (from ${earlier.file_name}, loaded on ${earlier.created_at.toISOString().slice(0, 10)})`
        : '';
      throw new HttpError(
        409,
        ROWS_ALREADY_LOADED,
        `${file.fileName}: ${matched} of ${mine.length} transactions of PAN ${pan} for ${financialYear} are already loaded${from}; loading it would count them twice. Use "Load again" to load it anyway.`,
      );
    }
  }
};
