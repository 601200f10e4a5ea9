import type { Decision, MappingEntry, PartyMaster, ReconKind } from '@taxrecon/engine';
import type pg from 'pg';
import { copyToStdoutChunks } from '../../../platform/db/bulk-load.ts';
import type { Database } from '../../../platform/db/database.ts';
import { BEARS_TCS, bookSelect, broughtForwardSelect, taxBookSelect } from './source-rows.ts';
import type { InputSide } from './streamed-compute.ts';

// Everything a reconciliation of an entity, kind and year reads, in one
// repeatable-read transaction so the book, 26AS, masters and decisions are
// one consistent picture even while uploads go on.

export interface SourceData {
  book: Uint8Array;
  taxBook: Uint8Array;
  broughtForwardBook: Uint8Array;
  broughtForwardTaxBook: Uint8Array;
  previousJobId: string | null;
  parties: PartyMaster[];
  mappings: MappingEntry[];
  decisions: Decision[];
  // purchase bills without TCS the TCS job left out (BEARS_TCS)
  billsWithoutTcs: number;
}

export const previousFinancialYear = (fy: string): string => {
  const start = Number(fy.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

const EMPTY = new Uint8Array(0);

// The latest completed job of the previous year: its carried-forward rows come into this year.
export const previousJob = async (
  client: Pick<pg.PoolClient, 'query'>,
  entityId: string,
  kind: ReconKind,
  fy: string,
): Promise<string | null> => {
  const { rows } = await client.query<{ job_id: string }>(
    `SELECT job_id FROM recon_runs WHERE entity_id = $1 AND kind = $2 AND financial_year = $3
       AND status = 'Completed' AND selected_parties IS NULL
     ORDER BY completed_at DESC LIMIT 1`,
    [entityId, kind, previousFinancialYear(fy)],
  );
  return rows[0]?.job_id ?? null;
};

export const masterParties = async (
  client: Pick<pg.PoolClient, 'query'>,
  entityId: string,
  kind: ReconKind,
): Promise<PartyMaster[]> => {
  const [master, children] =
    kind === 'TDS'
      ? [
          `SELECT c.id, coalesce(c.customer_code, c.customer_name) AS code,
             coalesce(c.name_from_26as, c.legal_name, c.customer_name) AS name,
             c.tan_number AS tan, c.pan_number AS pan, c.gstin
           FROM customers c WHERE c.entity_id = $1`,
          `SELECT ch.customer_id AS id, ch.tan_number AS tan FROM customer_children ch
           JOIN customers c ON c.id = ch.customer_id WHERE c.entity_id = $1 ORDER BY ch.tan_number`,
        ]
      : [
          `SELECT v.id, v.vendor_code AS code, coalesce(v.name_from_26as, v.vendor_name) AS name,
             v.tan_number AS tan, v.pan_number AS pan, v.gstin
           FROM vendors v WHERE v.entity_id = $1`,
          `SELECT ch.vendor_id AS id, ch.tan_number AS tan FROM vendor_children ch
           JOIN vendors v ON v.id = ch.vendor_id WHERE v.entity_id = $1 ORDER BY ch.tan_number`,
        ];
  // Connected entities (children) are the customer's other TANs.
  const connected = new Map<string, string[]>();
  for (const r of (await client.query<{ id: string; tan: string }>(children, [entityId])).rows) {
    const list = connected.get(r.id);
    if (list) list.push(r.tan);
    else connected.set(r.id, [r.tan]);
  }
  const { rows } = await client.query<{
    id: string;
    code: string;
    name: string;
    tan: string | null;
    pan: string | null;
    gstin: string | null;
  }>(master, [entityId]);
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    tan: r.tan,
    pan: r.pan,
    gstin: r.gstin,
    connectedTans: connected.get(r.id) ?? [],
  }));
};

export const mappingEntries = async (
  client: Pick<pg.PoolClient, 'query'>,
  entityId: string,
): Promise<MappingEntry[]> => {
  const { rows } = await client.query<MappingEntry>(
    `SELECT legal_name AS "legalName", book_name AS "bookName", tan, pan, gstin
     FROM customer_mappings WHERE entity_id = $1 ORDER BY id`,
    [entityId],
  );
  return rows;
};

export const storedDecisions = async (
  client: Pick<pg.PoolClient, 'query'>,
  entityId: string,
  kind: ReconKind,
  fy: string,
): Promise<Decision[]> => {
  const { rows } = await client.query<{ id: string; decision: Decision }>(
    `SELECT id, decision FROM recon_decisions
     WHERE entity_id = $1 AND kind = $2 AND financial_year = $3 ORDER BY id`,
    [entityId, kind, fy],
  );
  return rows.map((r) => ({ ...r.decision, id: String(r.id) }));
};

// Whether the TCS job leaves the year's bills without TCS out, and how many
// that is: only when some bill of the year bears TCS (source-rows.ts BEARS_TCS).
export const tcsBookScope = async (
  client: Pick<pg.PoolClient, 'query'>,
  entityId: string,
  kind: ReconKind,
  fy: string,
): Promise<{ leaveOut: boolean; billsWithoutTcs: number }> => {
  if (kind !== 'TCS') return { leaveOut: false, billsWithoutTcs: 0 };
  const { rows } = await client.query<{ bearing: number; without: number }>(
    `SELECT count(*) FILTER (WHERE ${BEARS_TCS})::int AS bearing,
       count(*) FILTER (WHERE NOT (${BEARS_TCS}))::int AS without
     FROM purchase_entries WHERE entity_id = $1 AND financial_year = $2`,
    [entityId, fy],
  );
  const leaveOut = (rows[0]?.bearing ?? 0) > 0;
  return { leaveOut, billsWithoutTcs: leaveOut ? (rows[0]?.without ?? 0) : 0 };
};

export const readSourceData = async (
  database: Database,
  scope: { entityId: string; kind: ReconKind; financialYear: string },
): Promise<SourceData> => {
  const { entityId, kind, financialYear } = scope;
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const previousJobId = await previousJob(client, entityId, kind, financialYear);
    const tcs = await tcsBookScope(client, entityId, kind, financialYear);
    const data: SourceData = {
      book: await database.copyOut(
        client,
        bookSelect(kind, entityId, financialYear, undefined, tcs.leaveOut),
      ),
      taxBook: await database.copyOut(client, taxBookSelect(kind, entityId, financialYear)),
      broughtForwardBook: previousJobId
        ? await database.copyOut(client, broughtForwardSelect(previousJobId, 'B'))
        : EMPTY,
      broughtForwardTaxBook: previousJobId
        ? await database.copyOut(client, broughtForwardSelect(previousJobId, 'T'))
        : EMPTY,
      previousJobId,
      parties: await masterParties(client, entityId, kind),
      mappings: await mappingEntries(client, entityId),
      decisions: await storedDecisions(client, entityId, kind, financialYear),
      billsWithoutTcs: tcs.billsWithoutTcs,
    };
    await client.query('COMMIT');
    return data;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
};

// Rows per keyset batch on the embedded database.
export const READ_BATCH_ROWS = 100_000;

const NEWLINE = 10;
const TAB = 9;

// The id (first field) of the last line of a batch of COPY text.
export const lastIdOf = (bytes: Uint8Array): bigint | null => {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === NEWLINE) end--;
  if (end === 0) return null;
  const lineStart = bytes.lastIndexOf(NEWLINE, end - 1) + 1;
  let fieldEnd = bytes.indexOf(TAB, lineStart);
  if (fieldEnd < 0 || fieldEnd > end) fieldEnd = end;
  return BigInt(
    Buffer.from(bytes.buffer, bytes.byteOffset + lineStart, fieldEnd - lineStart).toString('latin1'),
  );
};

export interface SourceMeta {
  previousJobId: string | null;
  parties: PartyMaster[];
  mappings: MappingEntry[];
  decisions: Decision[];
  billsWithoutTcs: number;
}

// The same picture as readSourceData, but the rows are handed on in batches
// as they are read instead of gathered: on PostgreSQL one COPY TO STDOUT
// read as the server sends it, on the embedded database keyset batches of
// READ_BATCH_ROWS by id. `start` gets the masters and decisions first and
// answers where the rows go; `take` resolves when there is room for more.
export const streamSourceData = async (
  database: Database,
  scope: { entityId: string; kind: ReconKind; financialYear: string },
  start: (meta: SourceMeta) => (side: InputSide, chunk: Uint8Array) => Promise<void>,
): Promise<SourceMeta & { bytes: number }> => {
  const { entityId, kind, financialYear } = scope;
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const previousJobId = await previousJob(client, entityId, kind, financialYear);
    const tcs = await tcsBookScope(client, entityId, kind, financialYear);
    const meta: SourceMeta = {
      previousJobId,
      parties: await masterParties(client, entityId, kind),
      mappings: await mappingEntries(client, entityId),
      decisions: await storedDecisions(client, entityId, kind, financialYear),
      billsWithoutTcs: tcs.billsWithoutTcs,
    };
    const take = start(meta);
    let bytes = 0;
    const paged = async (
      side: InputSide,
      select: (page: { after: bigint | null; limit: number | null }) => string,
    ) => {
      if (database.kind === 'postgres') {
        for await (const chunk of copyToStdoutChunks(client, select({ after: null, limit: null }))) {
          bytes += chunk.byteLength;
          await take(side, chunk);
        }
        return;
      }
      let last: bigint | null = null;
      for (;;) {
        const chunk = await database.copyOut(client, select({ after: last, limit: READ_BATCH_ROWS }));
        if (chunk.byteLength === 0) return;
        bytes += chunk.byteLength;
        last = lastIdOf(chunk);
        await take(side, chunk);
      }
    };
    await paged('book', (page) => bookSelect(kind, entityId, financialYear, page, tcs.leaveOut));
    await paged('taxBook', (page) => taxBookSelect(kind, entityId, financialYear, page));
    if (previousJobId) {
      // the previous year's carried-forward rows: a fraction of a year, read whole
      for (const [side, letter] of [
        ['broughtForwardBook', 'B'],
        ['broughtForwardTaxBook', 'T'],
      ] as const) {
        const chunk = await database.copyOut(client, broughtForwardSelect(previousJobId, letter));
        bytes += chunk.byteLength;
        if (chunk.byteLength > 0) await take(side, chunk);
      }
    }
    await client.query('COMMIT');
    return { ...meta, bytes };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
};
