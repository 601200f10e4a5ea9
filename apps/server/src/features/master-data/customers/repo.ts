import type { CustomerSuggestion } from '@taxrecon/contracts';
import type { Kysely, Transaction } from 'kysely';
import { contains } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';

// SQL only the customer master has (the shared SQL is in party/repo.ts):
// further contact e-mails, picker suggestions and the count.

type Db = Kysely<DB> | Transaction<DB>;

export const countCustomers = async (db: Db, entityId: string): Promise<number> => {
  const row = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entity_id', '=', entityId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const extraEmails = async (db: Db, customerId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('customer_emails')
      .select('email')
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .orderBy('email')
      .execute()
  ).map((r) => r.email);

export const setContactEmail = (db: Db, customerId: string, email: string) =>
  db
    .updateTable('customers')
    .set({ contact_email: email, updated_at: new Date() })
    .where('id', '=', customerId)
    .execute();

export const addExtraEmail = (db: Db, customerId: string, email: string) =>
  db
    .insertInto('customer_emails')
    .values({ customer_id: customerId, email })
    .onConflict((oc) => oc.doNothing())
    .execute();

export const suggestCustomers = async (
  db: Db,
  entityId: string,
  typed: string,
): Promise<CustomerSuggestion[]> => {
  const pattern = contains(typed);
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'customer_code', 'customer_name', 'tan_number', 'pan_number'])
    .where('entity_id', '=', entityId)
    .where((eb) =>
      eb.or([
        eb('customer_name', 'ilike', pattern),
        eb('customer_code', 'ilike', pattern),
        eb('tan_number', 'ilike', pattern),
      ]),
    )
    .orderBy('customer_name')
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map((r) => ({
    customerId: r.id,
    customerCode: r.customer_code,
    customerName: r.customer_name,
    tanNumber: r.tan_number,
    panNumber: r.pan_number,
  }));
};
