import type pg from 'pg';

// Deletes an entity-year's 34A entries of the months not verified (and the
// undated ones), with their challan allocations first: challan_allocations
// has no foreign key to its entry (migration 031), so this is the cascade.
// Verified months keep their entries and, with them, their allocations.
export const deleteUnverifiedEntries = async (
  client: Pick<pg.PoolClient, 'query'>,
  entityId: string,
  financialYear: string,
  verified: readonly string[],
): Promise<number> => {
  const scope = `e.entity_id = $1 AND e.financial_year = $2 AND (e.month IS NULL OR NOT e.month = ANY($3::text[]))`;
  const params = [entityId, financialYear, [...verified]];
  await client.query(
    `DELETE FROM challan_allocations a USING payable_entries e
      WHERE a.entry_id = e.id AND a.entity_id = $1 AND ${scope}`,
    params,
  );
  const deleted = await client.query(`DELETE FROM payable_entries e WHERE ${scope}`, params);
  return deleted.rowCount ?? 0;
};

// The entity-year's verified months: locked, their entries and monthly rows kept.
export const verifiedMonths = async (
  client: Pick<pg.PoolClient, 'query'>,
  entityId: string,
  financialYear: string,
): Promise<string[]> =>
  (
    await client.query<{ month: string }>(
      'SELECT month FROM payable_month_states WHERE entity_id = $1 AND financial_year = $2 AND verified',
      [entityId, financialYear],
    )
  ).rows.map((r) => r.month);
