import type {
  ConnectedEntity,
  Customer,
  CustomerInput,
  CustomerSearchRequest,
  CustomerSuggestion,
} from '@taxrecon/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { CustomersTable, DB } from '../../../platform/db/schema.ts';
import { contains } from '../shared.ts';

// SQL of the customer master. Every function takes the entity and filters by
// it; the service decides which entity that is.

type Db = Kysely<DB> | Transaction<DB>;
type CustomerRow = Selectable<CustomersTable>;

export const toCustomer = (r: CustomerRow): Customer => ({
  customerId: r.id,
  customerCode: r.customer_code,
  customerName: r.customer_name,
  nameFromSalesBook: r.name_from_sales_book,
  nameFrom26AS: r.name_from_26as,
  legalName: r.legal_name,
  tradeName: r.trade_name,
  entityType: r.entity_type,
  website: r.website,
  tanNumber: r.tan_number,
  cstNumber: r.cst_number,
  panNumber: r.pan_number,
  gstRegistrationType: r.gst_registration_type,
  gstIn: r.gstin,
  addressStreet: r.address_street,
  addressCity: r.address_city,
  addressState: r.address_state,
  pinCode: r.pin_code,
  country: r.country,
  parentCustomerId: r.parent_customer_id,
  contactPersonTitle: r.contact_person_title,
  contactFirstName: r.contact_first_name,
  contactLastName: r.contact_last_name,
  contactEmail: r.contact_email,
  contactPhone: r.contact_phone,
  notes: r.notes,
});

const toColumns = (c: CustomerInput) => ({
  customer_code: c.customerCode,
  customer_name: c.customerName,
  name_from_sales_book: c.nameFromSalesBook,
  name_from_26as: c.nameFrom26AS,
  legal_name: c.legalName,
  trade_name: c.tradeName,
  entity_type: c.entityType,
  website: c.website,
  tan_number: c.tanNumber,
  cst_number: c.cstNumber,
  pan_number: c.panNumber,
  gst_registration_type: c.gstRegistrationType,
  gstin: c.gstIn,
  address_street: c.addressStreet,
  address_city: c.addressCity,
  address_state: c.addressState,
  pin_code: c.pinCode,
  country: c.country,
  parent_customer_id: c.parentCustomerId,
  contact_person_title: c.contactPersonTitle,
  contact_first_name: c.contactFirstName,
  contact_last_name: c.contactLastName,
  contact_email: c.contactEmail,
  contact_phone: c.contactPhone,
  notes: c.notes,
});

const CRITERIA = {
  tanNumber: 'tan_number',
  panNumber: 'pan_number',
  customerCode: 'customer_code',
  customerName: 'customer_name',
  nameFrom26AS: 'name_from_26as',
  legalName: 'legal_name',
  nameFromSales: 'name_from_sales_book',
} as const satisfies Partial<Record<keyof CustomerSearchRequest, keyof CustomersTable>>;

const SORT = {
  customerName: 'customer_name',
  customerCode: 'customer_code',
  tanNumber: 'tan_number',
  panNumber: 'pan_number',
  nameFrom26AS: 'name_from_26as',
  legalName: 'legal_name',
} as const satisfies Record<CustomerSearchRequest['sortBy'], keyof CustomersTable>;

export const searchCustomers = async (db: Db, entityId: string, request: CustomerSearchRequest) => {
  let query = db.selectFrom('customers').where('entity_id', '=', entityId);
  type Key = keyof typeof CRITERIA;
  for (const [key, column] of Object.entries(CRITERIA) as [Key, (typeof CRITERIA)[Key]][]) {
    const typed = request[key];
    if (typed) query = query.where(column, 'ilike', contains(typed));
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy(sql`lower(${sql.ref(SORT[request.sortBy])})`, request.sortOrder)
    .orderBy('id')
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return { results: rows.map(toCustomer), totalCount: Number(total.n) };
};

export const countCustomers = async (db: Db, entityId: string): Promise<number> => {
  const row = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entity_id', '=', entityId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const findCustomer = (db: Db, entityId: string, customerId: string) =>
  db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', customerId)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();

export const insertCustomer = async (db: Db, entityId: string, input: CustomerInput): Promise<string> =>
  (
    await db
      .insertInto('customers')
      .values({ entity_id: entityId, ...toColumns(input) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

// Saving the form replaces every field; false when the customer is not in the entity.
export const updateCustomer = async (
  db: Db,
  entityId: string,
  customerId: string,
  input: CustomerInput,
): Promise<boolean> => {
  const row = await db
    .updateTable('customers')
    .set({ ...toColumns(input), updated_at: new Date() })
    .where('id', '=', customerId)
    .where('entity_id', '=', entityId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};

export const changeChildren = async (db: Db, customerId: string, added: string[], removed: string[]) => {
  if (removed.length > 0)
    await db
      .deleteFrom('customer_children')
      .where('customer_id', '=', customerId)
      .where('tan_number', 'in', removed)
      .execute();
  if (added.length > 0)
    await db
      .insertInto('customer_children')
      .values([...new Set(added)].map((tan_number) => ({ customer_id: customerId, tan_number })))
      .onConflict((oc) => oc.doNothing())
      .execute();
};

// Children by TAN, named after the entity's customer with that TAN when there is one.
export const customerChildren = async (db: Db, entityId: string, customerId: string) => {
  const rows = await db
    .selectFrom('customer_children as ch')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('customers as c')
          .select(['c.id', 'c.customer_name'])
          .whereRef('c.tan_number', '=', 'ch.tan_number')
          .where('c.entity_id', '=', entityId)
          .orderBy('c.customer_name')
          .limit(1)
          .as('named'),
      (join) => join.onTrue(),
    )
    .select(['ch.tan_number', 'named.id', 'named.customer_name'])
    .where('ch.customer_id', '=', customerId)
    .orderBy('ch.tan_number')
    .execute();
  return rows.map(
    (r): ConnectedEntity => ({ tanNumber: r.tan_number, id: r.id ?? null, name: r.customer_name ?? null }),
  );
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

export const customersWithPan = async (db: Db, entityId: string, pan: string, exceptId: string | null) => {
  let query = db
    .selectFrom('customers')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('pan_number', '=', pan);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.orderBy('customer_name').orderBy('id').limit(200).execute()).map(toCustomer);
};

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

export const allCustomers = async (db: Db, entityId: string): Promise<Customer[]> =>
  (
    await db
      .selectFrom('customers')
      .selectAll()
      .where('entity_id', '=', entityId)
      .orderBy('customer_code')
      .orderBy('customer_name')
      .orderBy('id')
      .execute()
  ).map(toCustomer);
