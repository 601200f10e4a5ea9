import type { Queryable } from '../inputs/queryable.ts';

// The header mapping of the entity's expense ledgers, remembered in
// column_mappings (kind 'payable-expense') by the last 34A submit or the demo
// load, so the New 34A screen starts from it.
export const PAYABLE_MAPPING_KIND = 'payable-expense';

export const rememberMapping = async (db: Queryable, entityId: string, mapping: Record<string, string>) => {
  await db.query(
    `INSERT INTO column_mappings (entity_id, kind, headers, mapping) VALUES ($1, $2, $3, $4)
     ON CONFLICT (entity_id, kind) DO UPDATE SET headers = $3, mapping = $4, updated_at = now()`,
    [entityId, PAYABLE_MAPPING_KIND, JSON.stringify(Object.keys(mapping)), JSON.stringify(mapping)],
  );
};

export const rememberedMapping = async (
  db: Queryable,
  entityId: string,
): Promise<{ headers: string[]; mapping: Record<string, string> } | null> => {
  const { rows } = await db.query<{ headers: string[]; mapping: Record<string, string> }>(
    'SELECT headers, mapping FROM column_mappings WHERE entity_id = $1 AND kind = $2',
    [entityId, PAYABLE_MAPPING_KIND],
  );
  return rows[0] ?? null;
};
