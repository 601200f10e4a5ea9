import type { ConnectedEntity } from '@taxrecon/contracts';
import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import { contains } from '../../../platform/db/like.ts';
import type { DB, MasterCommon } from '../../../platform/db/schema.ts';
import type { PartyApi, PartyInput, PartyKind, PartyKindName, PartyRow, PartySearch } from './kind.ts';

// SQL of the party master (customers and vendors), for the kind given. Every
// function takes the entity and filters by it; the service decides which
// entity that is.

type Db = Kysely<DB> | Transaction<DB>;

// The two master tables share MasterCommon's columns: the SQL here is typed
// against that shared shape under the kind's table name, and names the
// kind's own columns (name, children's parent) with sql.ref. A row read with
// selectAll is the kind's full row, which is what asRow says.
type PartyTable = PartyKind<PartyKindName>['table'];
type PartyDB = Record<PartyTable, MasterCommon>;
const partyDb = (db: Db): Kysely<PartyDB> => db as unknown as Kysely<PartyDB>;
const tableOf = <K extends PartyKindName>(kind: PartyKind<K>): PartyTable => kind.table;
const columnsOf = <K extends PartyKindName>(
  kind: PartyKind<K>,
  input: PartyInput<K>,
): Updateable<MasterCommon> => kind.toColumns(input);
const asRow = <K extends PartyKindName>(row: unknown): PartyRow<K> => row as PartyRow<K>;

export const searchParties = async <K extends PartyKindName>(
  db: Db,
  kind: PartyKind<K>,
  entityId: string,
  request: PartySearch<K>,
): Promise<{ results: PartyApi<K>[]; totalCount: number }> => {
  let query = partyDb(db).selectFrom(tableOf(kind)).where('entity_id', '=', entityId);
  for (const [key, column] of Object.entries(kind.criteria) as [keyof PartySearch<K>, string][]) {
    const typed = request[key];
    if (typeof typed === 'string' && typed) query = query.where(sql.ref(column), 'ilike', contains(typed));
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy(sql`lower(${sql.ref(kind.sort[request.sortBy as PartySearch<K>['sortBy']])})`, request.sortOrder)
    .orderBy('id')
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return { results: rows.map((r) => kind.toApi(asRow<K>(r))), totalCount: Number(total.n) };
};

export const findParty = async <K extends PartyKindName>(
  db: Db,
  kind: PartyKind<K>,
  entityId: string,
  id: string,
): Promise<PartyRow<K> | undefined> => {
  const row = await partyDb(db)
    .selectFrom(tableOf(kind))
    .selectAll()
    .where('id', '=', id)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  return row && asRow<K>(row);
};

export const insertParty = async <K extends PartyKindName>(
  db: Db,
  kind: PartyKind<K>,
  entityId: string,
  input: PartyInput<K>,
): Promise<string> =>
  (
    await partyDb(db)
      .insertInto(tableOf(kind))
      .values({ ...columnsOf(kind, input), entity_id: entityId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

// Saving the form replaces every field; false when the party is not in the entity.
export const updateParty = async <K extends PartyKindName>(
  db: Db,
  kind: PartyKind<K>,
  entityId: string,
  id: string,
  input: PartyInput<K>,
): Promise<boolean> => {
  const row = await partyDb(db)
    .updateTable(tableOf(kind))
    .set({ ...columnsOf(kind, input), updated_at: new Date() })
    .where('id', '=', id)
    .where('entity_id', '=', entityId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};

export const changeChildren = async <K extends PartyKindName>(
  db: Db,
  kind: PartyKind<K>,
  partyId: string,
  added: string[],
  removed: string[],
) => {
  const children = sql.table(kind.childrenTable);
  const parent = sql.ref(kind.childParentColumn);
  if (removed.length > 0)
    await sql`delete from ${children} where ${parent} = ${partyId} and tan_number in (${sql.join(removed)})`.execute(
      db,
    );
  if (added.length > 0) {
    const rows = [...new Set(added)].map((tan) => sql`(${partyId}, ${tan})`);
    await sql`insert into ${children} (${parent}, tan_number) values ${sql.join(rows)} on conflict do nothing`.execute(
      db,
    );
  }
};

// Children by TAN, named after the entity's party of the same kind with that TAN when there is one.
export const partyChildren = async <K extends PartyKindName>(
  db: Db,
  kind: PartyKind<K>,
  entityId: string,
  partyId: string,
): Promise<ConnectedEntity[]> => {
  const result = await sql<{ tan_number: string; id: string | null; name: string | null }>`
    select ch.tan_number, named.id, named.name
    from ${sql.table(kind.childrenTable)} as ch
    left join lateral (
      select p.id, ${sql.ref(`p.${kind.nameColumn}`)} as name
      from ${sql.table(kind.table)} as p
      where p.tan_number = ch.tan_number and p.entity_id = ${entityId}
      order by ${sql.ref(`p.${kind.nameColumn}`)}
      limit 1
    ) as named on true
    where ${sql.ref(`ch.${kind.childParentColumn}`)} = ${partyId}
    order by ch.tan_number`.execute(db);
  return result.rows.map((r) => ({ tanNumber: r.tan_number, id: r.id ?? null, name: r.name ?? null }));
};

export const partiesWithPan = async <K extends PartyKindName>(
  db: Db,
  kind: PartyKind<K>,
  entityId: string,
  pan: string,
  exceptId: string | null,
): Promise<PartyApi<K>[]> => {
  let query = partyDb(db)
    .selectFrom(tableOf(kind))
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('pan_number', '=', pan);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const rows = await query.orderBy(sql.ref(kind.nameColumn)).orderBy('id').limit(200).execute();
  return rows.map((r) => kind.toApi(asRow<K>(r)));
};

export const allParties = async <K extends PartyKindName>(
  db: Db,
  kind: PartyKind<K>,
  entityId: string,
): Promise<PartyApi<K>[]> => {
  let query = partyDb(db).selectFrom(tableOf(kind)).selectAll().where('entity_id', '=', entityId);
  for (const column of kind.exportOrder) query = query.orderBy(sql.ref(column));
  return (await query.execute()).map((r) => kind.toApi(asRow<K>(r)));
};
