import type { masterDataRoutes } from '@taxrecon/contracts';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { attachmentHeader } from '../../platform/http/attachment.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { receiveReferenceFile } from '../section-rules/reference-upload.ts';
import { customerService } from './customers/service.ts';
import { uploadVendorSectionMappings } from './vendors/section-mapping-upload.ts';
import { sectionMappingService, sectionMappingTemplate } from './vendors/section-mappings.ts';
import { vendorService } from './vendors/service.ts';

type R = typeof masterDataRoutes;

// Downloads are text files the browser saves under the given name.
const textFile = (reply: FastifyReply, fileName: string, body: string): string => {
  reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('content-disposition', attachmentHeader(fileName));
  return body;
};

export const masterDataHandlers = (ctx: AppContext): Handlers<R> => {
  const customers = customerService(ctx);
  const vendors = vendorService(ctx);
  const mappings = sectionMappingService(ctx);
  return {
    searchCustomers: async ({ caller, body }) => customers.search(caller, body),
    countCustomers: async ({ caller }) => customers.count(caller),
    customerConnectedEntities: async ({ caller, query }) => customers.connected(caller, query),
    customer: async ({ caller, params }) => customers.get(caller, params.customerId),
    saveCustomer: async ({ caller, body }) => customers.save(caller, body),
    addCustomerEmail: async ({ caller, params, query }) =>
      customers.addEmail(caller, params.customerId, query.email),
    customerMasterTemplate: async ({ reply }) =>
      textFile(reply, 'customer_master_template.txt', customers.templateFile()),
    customerMasterDownload: async ({ caller, reply }) =>
      textFile(reply, 'customer_master.txt', await customers.exportFile(caller)),
    customerSuggestions: async ({ caller, query }) => customers.suggest(caller, query.q),

    searchVendors: async ({ caller, body }) => vendors.search(caller, body),
    vendorsByPan: async ({ caller, params }) => vendors.byPan(caller, params.pan),
    vendorConnectedEntities: async ({ caller, query }) => vendors.connected(caller, query),
    vendor: async ({ caller, params }) => vendors.get(caller, params.vendorId),
    saveVendor: async ({ caller, body }) => vendors.save(caller, body),
    vendorMasterDownload: async ({ caller, reply }) =>
      textFile(reply, 'vendor_master.txt', await vendors.exportFile(caller)),

    vendorSectionMappings: async ({ caller, params }) => mappings.list(caller, params.vendorId),
    saveVendorSectionMapping: async ({ caller, body }) => mappings.save(caller, body),
    deleteVendorSectionMapping: async ({ caller, params }) => mappings.remove(caller, params.id),
    uploadVendorSectionMappings: async ({ caller, request }) =>
      uploadVendorSectionMappings(ctx, await receiveReferenceFile(ctx, caller, request)),
    vendorSectionMappingTemplate: async ({ reply }) =>
      textFile(reply, 'vendor_section_mapping_template.txt', sectionMappingTemplate()),
    vendorSectionMappingDownload: async ({ caller, reply }) =>
      textFile(reply, 'vendor_section_mapping.txt', await mappings.exportFile(caller)),
  };
};
