import {
  type Customer,
  type CustomerDetail,
  type CustomerSearchRequest,
  type SaveCustomerRequest,
  SUGGESTION_MIN_LENGTH,
} from '@taxrecon/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { conflictOn, currentEntity, writeTsv } from '../shared.ts';
import {
  addExtraEmail,
  allCustomers,
  changeChildren,
  countCustomers,
  customerChildren,
  customersWithPan,
  extraEmails,
  findCustomer,
  insertCustomer,
  searchCustomers,
  setContactEmail,
  suggestCustomers,
  toCustomer,
  updateCustomer,
} from './repo.ts';

// The customer master of the caller's current entity. A customer of another
// entity or tenant answers 404, exactly as one that does not exist.

const CUSTOMER_NOT_FOUND = 'Customer not found';

const detail = async (ctx: AppContext, entityId: string, customerId: string): Promise<CustomerDetail> => {
  const row = await findCustomer(ctx.db, entityId, customerId);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  const customer = toCustomer(row);
  const extra = await extraEmails(ctx.db, customerId);
  const primary = customer.contactEmail ? [customer.contactEmail] : [];
  const contactEmails = [
    ...primary,
    ...extra.filter((e) => !primary.some((p) => p.toLowerCase() === e.toLowerCase())),
  ];
  return { ...customer, contactEmails, children: await customerChildren(ctx.db, entityId, customerId) };
};

export const customerService = (ctx: AppContext) => ({
  search: async (caller: Caller, request: CustomerSearchRequest) =>
    searchCustomers(ctx.db, await currentEntity(ctx, caller), request),

  count: async (caller: Caller) => ({
    count: await countCustomers(ctx.db, await currentEntity(ctx, caller)),
  }),

  get: async (caller: Caller, customerId: string) =>
    detail(ctx, await currentEntity(ctx, caller), customerId),

  save: async (caller: Caller, request: SaveCustomerRequest) => {
    const entityId = await currentEntity(ctx, caller);
    const { customer, children, removedChildren } = request;
    if (customer.tanNumber && children.includes(customer.tanNumber))
      throw badRequest('A customer cannot be its own connected entity.', 'OWN_TAN_AS_CHILD');
    const existingId = customer.customerId;
    const duplicateCode = conflictOn(
      'customers_entity_id_customer_code_key',
      `Customer Code ${customer.customerCode} is already used by another customer of this entity.`,
    );
    const customerId = await ctx.db
      .transaction()
      .execute(async (trx) => {
        let id: string;
        if (existingId) {
          if (!(await updateCustomer(trx, entityId, existingId, customer)))
            throw notFound(CUSTOMER_NOT_FOUND);
          id = existingId;
        } else {
          id = await insertCustomer(trx, entityId, customer);
        }
        // Removals first, so a TAN both removed and added stays connected.
        await changeChildren(trx, id, children, removedChildren);
        return id;
      })
      .catch(duplicateCode);
    return {
      message: existingId ? 'Customer Updated' : 'Customer Created',
      customer: await detail(ctx, entityId, customerId),
    };
  },

  // A customer without a contact e-mail gets this one as its contact e-mail
  // (follow-ups check for it); otherwise it is kept as a further address.
  addEmail: async (caller: Caller, customerId: string, email: string) => {
    const entityId = await currentEntity(ctx, caller);
    const row = await findCustomer(ctx.db, entityId, customerId);
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    if (!row.contact_email) await setContactEmail(ctx.db, customerId, email);
    else if (row.contact_email.toLowerCase() !== email.toLowerCase())
      await addExtraEmail(ctx.db, customerId, email);
    const { contactEmails } = await detail(ctx, entityId, customerId);
    return { message: 'Contact email added', contactEmails };
  },

  // Connected entities of a customer, and the other customers sharing its PAN
  // (the same legal person with another TAN: candidates to connect).
  connected: async (caller: Caller, query: { panNumber: string | null; customerId: string | null }) => {
    const entityId = await currentEntity(ctx, caller);
    let pan = query.panNumber;
    let children: CustomerDetail['children'] = [];
    if (query.customerId) {
      const row = await findCustomer(ctx.db, entityId, query.customerId);
      if (!row) throw notFound(CUSTOMER_NOT_FOUND);
      pan = pan ?? row.pan_number;
      children = await customerChildren(ctx.db, entityId, query.customerId);
    }
    const samePan: Customer[] = pan ? await customersWithPan(ctx.db, entityId, pan, query.customerId) : [];
    return { children, samePan };
  },

  // Customer suggestions for pickers: nothing until 5 characters are typed.
  suggest: async (caller: Caller, typed: string) => {
    const q = typed.trim();
    if (q.length < SUGGESTION_MIN_LENGTH) return [];
    return suggestCustomers(ctx.db, await currentEntity(ctx, caller), q);
  },

  exportFile: async (caller: Caller): Promise<string> => {
    const customers = await allCustomers(ctx.db, await currentEntity(ctx, caller));
    return writeTsv(
      CUSTOMER_MASTER_FIELDS,
      customers.map((c) => CUSTOMER_MASTER_FIELDS.map((f) => c[f])),
    );
  },

  templateFile: (): string => writeTsv(CUSTOMER_MASTER_FIELDS, []),
});

// The customer master file: the fields of spec part 1 section 3 in the order
// of the upload template, so a download can be edited and uploaded again.
export const CUSTOMER_MASTER_FIELDS = [
  'customerId',
  'customerCode',
  'customerName',
  'nameFromSalesBook',
  'nameFrom26AS',
  'legalName',
  'tradeName',
  'entityType',
  'website',
  'tanNumber',
  'cstNumber',
  'panNumber',
  'gstRegistrationType',
  'gstIn',
  'addressStreet',
  'addressCity',
  'addressState',
  'pinCode',
  'country',
  'parentCustomerId',
  'contactPersonTitle',
  'contactFirstName',
  'contactLastName',
  'contactEmail',
  'contactPhone',
  'notes',
] as const satisfies readonly (keyof Customer)[];
