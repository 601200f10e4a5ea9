import { masterDataRoutes, type VendorDetail } from '@taxrecon/contracts';
import { call } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { VENDOR_SECTIONS } from './master-fields.ts';
import { type PartyDetailKind, PartyDetailPage } from './PartyDetailPage.tsx';
import { useVendorForm, vendorInput } from './use-vendor-form.ts';
import { VendorBulkUpdate } from './VendorBulkUpdate.tsx';
import { VendorMappings } from './VendorMappings.tsx';

const VENDOR: PartyDetailKind<VendorDetail> = {
  kind: 'vendor',
  label: 'Vendor',
  sections: VENDOR_SECTIONS,
  useDetail: (vendorId) => useApiQuery(masterDataRoutes.vendor, { params: { vendorId } }),
  idParam: 'vendorId',
  useForm: useVendorForm,
  useSamePan: (vendor, enabled) => {
    const samePan = useApiQuery(
      masterDataRoutes.vendorConnectedEntities,
      { query: { vendorId: vendor.vendorId } },
      { enabled },
    );
    return (samePan.data?.samePan ?? []).flatMap((v) =>
      v.tanNumber ? [{ tanNumber: v.tanNumber, name: v.vendorName }] : [],
    );
  },
  idOf: (vendor) => vendor.vendorId,
  title: (vendor) => vendor.vendorName,
  subtitle: (vendor) => `Vendor ${vendor.vendorCode}${vendor.panNumber ? ` · PAN ${vendor.panNumber}` : ''}`,
  save: async (vendor, values, children) =>
    (
      await call(masterDataRoutes.saveVendor, {
        body: {
          vendor: vendorInput(values, vendor.vendorId),
          children: children.added,
          removedChildren: children.removed,
        },
      })
    ).vendor,
  detailRoute: masterDataRoutes.vendor,
  searchRoute: masterDataRoutes.searchVendors,
  saveLabel: 'Save Vendor Details',
  editLabel: 'Edit Vendor Details',
  layout: { gap: 'md' },
  // the bulk update while editing, above the form; the section mappings below it
  panels: ({ party, editing, connected }) => ({
    beforeForm: editing && <VendorBulkUpdate onDone={() => undefined} />,
    afterForm: (
      <>
        <VendorMappings vendorId={party.vendorId} vendorCode={party.vendorCode} />
        {connected}
      </>
    ),
  }),
};

export function VendorDetailPage() {
  return <PartyDetailPage kind={VENDOR} />;
}
