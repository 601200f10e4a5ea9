import type { templateRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { createTemplateCustomers, createTemplateVendors, proposeTemplate } from './service.ts';

export const templateHandlers = (ctx: AppContext): Handlers<typeof templateRoutes> => ({
  customerTemplate: async ({ caller, request }) => proposeTemplate(ctx, caller, request, 'customer'),
  vendorTemplate: async ({ caller, request }) => proposeTemplate(ctx, caller, request, 'vendor'),
  createTemplateCustomers: async ({ caller, body }) => createTemplateCustomers(ctx, caller, body.customers),
  createTemplateVendors: async ({ caller, body }) => createTemplateVendors(ctx, caller, body.vendors),
});
