import {
  type CustomerDetail,
  type CustomerSearchRequest,
  type SaveCustomerRequest,
  SUGGESTION_MIN_LENGTH,
} from '@taxrecon/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { customerKind } from '../party/kind.ts';
import { partyService } from '../party/service.ts';
import { addExtraEmail, countCustomers, extraEmails, setContactEmail, suggestCustomers } from './repo.ts';

// The customer master: the party master of kind 'customer', plus what only
// customers have: further contact e-mails, suggestions for pickers, a count.

export const customerService = (ctx: AppContext) => {
  const party = partyService(ctx, customerKind);

  // A customer's detail lists every contact e-mail: contactEmail first, then the ones added later.
  const detail = async (entityId: string, customerId: string): Promise<CustomerDetail> => {
    const { children, ...customer } = await party.detail(entityId, customerId);
    const extra = await extraEmails(ctx.db, customerId);
    const primary = customer.contactEmail ? [customer.contactEmail] : [];
    const contactEmails = [
      ...primary,
      ...extra.filter((e) => !primary.some((p) => p.toLowerCase() === e.toLowerCase())),
    ];
    return { ...customer, contactEmails, children };
  };

  return {
    search: (caller: Caller, request: CustomerSearchRequest) => party.search(caller, request),

    count: async (caller: Caller) => ({ count: await countCustomers(ctx.db, await party.entity(caller)) }),

    get: async (caller: Caller, customerId: string) => detail(await party.entity(caller), customerId),

    save: async (caller: Caller, request: SaveCustomerRequest) => {
      const { entityId, id, message } = await party.save(caller, { ...request, party: request.customer });
      return { message, customer: await detail(entityId, id) };
    },

    // A customer without a contact e-mail gets this one as its contact e-mail
    // (follow-ups check for it); otherwise it is kept as a further address.
    addEmail: async (caller: Caller, customerId: string, email: string) => {
      const entityId = await party.entity(caller);
      const row = await party.found(entityId, customerId);
      if (!row.contact_email) await setContactEmail(ctx.db, customerId, email);
      else if (row.contact_email.toLowerCase() !== email.toLowerCase())
        await addExtraEmail(ctx.db, customerId, email);
      const { contactEmails } = await detail(entityId, customerId);
      return { message: 'Contact email added', contactEmails };
    },

    connected: (caller: Caller, query: { panNumber: string | null; customerId: string | null }) =>
      party.connected(caller, { panNumber: query.panNumber, id: query.customerId }),

    // Customer suggestions for pickers: nothing until 5 characters are typed.
    suggest: async (caller: Caller, typed: string) => {
      const q = typed.trim();
      if (q.length < SUGGESTION_MIN_LENGTH) return [];
      return suggestCustomers(ctx.db, await party.entity(caller), q);
    },

    exportFile: party.exportFile,
    templateFile: party.templateFile,
  };
};
