import type pg from 'pg';

// A 34A run over all vendors replaces the year's unverified entries with new
// rows. A challan allocation made on an entry the run computes again
// unchanged (the same ledger line, month, section, deductee type and tax
// deducted) is carried to its new row, whoever made it and when; an entry
// whose tax or line changed starts unallocated. Carrying cannot over-fill a
// challan: the row's tax and group are the ones it was allocated with.

type Client = Pick<pg.PoolClient, 'query'>;

// What identifies an entry across runs, and the allocation on it.
const KEY = [
  'file',
  'line',
  'ref',
  'month',
  'section_number',
  'sub_section',
  'deductee_type',
  'deducted',
] as const;

// Before the entries go: their allocations, by key, in a table of the transaction.
export const keepAllocations = async (
  client: Client,
  entityId: string,
  financialYear: string,
  verified: readonly string[],
): Promise<void> => {
  await client.query(
    `CREATE TEMP TABLE carried_allocations (
       n serial, ${KEY.map((k) => `${k} ${k === 'line' ? 'integer' : k === 'deducted' ? 'numeric' : 'text'}`).join(', ')},
       challan_id uuid, source text, allocated_by_login text, allocated_at timestamptz
     ) ON COMMIT DROP`,
  );
  await client.query(
    `INSERT INTO carried_allocations (${KEY.join(', ')}, challan_id, source, allocated_by_login, allocated_at)
     SELECT ${KEY.map((k) => `e.${k}`).join(', ')}, a.challan_id, a.source, a.allocated_by_login, a.allocated_at
       FROM challan_allocations a JOIN payable_entries e ON e.id = a.entry_id
      WHERE a.entity_id = $1 AND e.entity_id = $1 AND e.financial_year = $2
        AND e.month IS NOT NULL AND NOT e.month = ANY($3::text[])`,
    [entityId, financialYear, [...verified]],
  );
};

// After the run's entries are in: each kept allocation onto the one new row
// of its key (the first, should a key repeat), if its challan still exists.
export const restoreAllocations = async (
  client: Client,
  entityId: string,
  financialYear: string,
  jobId: string,
): Promise<number> => {
  const on = KEY.map((k) => `e.${k} = k.${k}`).join(' AND ');
  const restored = await client.query(
    `INSERT INTO challan_allocations (entry_id, entity_id, challan_id, source, allocated_by_login, allocated_at)
     SELECT DISTINCT ON (entry_id) entry_id, $1, challan_id, source, allocated_by_login, allocated_at
       FROM (
         SELECT DISTINCT ON (k.n) e.id AS entry_id, k.challan_id, k.source, k.allocated_by_login, k.allocated_at
           FROM carried_allocations k
           JOIN payable_entries e ON e.entity_id = $1 AND e.financial_year = $2 AND e.job_id = $3 AND ${on}
           JOIN payable_challans c ON c.id = k.challan_id AND c.entity_id = $1
          ORDER BY k.n, e.id
       ) matched
      ORDER BY entry_id
     ON CONFLICT (entry_id) DO NOTHING`,
    [entityId, financialYear, jobId],
  );
  await client.query('DROP TABLE carried_allocations');
  return restored.rowCount ?? 0;
};
