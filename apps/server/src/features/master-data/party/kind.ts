import type {
  Customer,
  CustomerInput,
  CustomerSearchRequest,
  Vendor,
  VendorInput,
  VendorSearchRequest,
} from '@taxrecon/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { CustomersTable, DB, MasterCommon, VendorsTable } from '../../../platform/db/schema.ts';

// The customer and vendor masters are one "party master" with two kinds. A
// kind is described here once: its tables and columns, how a row becomes the
// API shape and an input becomes columns, and the words its messages use.
// The shared SQL (party/repo.ts) and service (party/service.ts) read only this
// description; what only one kind has (customer e-mails and suggestions,
// vendor PAN look-up and section mappings) lives beside them in customers/
// and vendors/.

export type PartyKindName = 'customer' | 'vendor';

interface PartyTypes {
  customer: {
    row: Selectable<CustomersTable>;
    api: Customer;
    input: CustomerInput;
    search: CustomerSearchRequest;
    columns: Omit<Insertable<CustomersTable>, 'entity_id'>;
  };
  vendor: {
    row: Selectable<VendorsTable>;
    api: Vendor;
    input: VendorInput;
    search: VendorSearchRequest;
    columns: Omit<Insertable<VendorsTable>, 'entity_id'>;
  };
}
export type PartyRow<K extends PartyKindName> = PartyTypes[K]['row'];
export type PartyApi<K extends PartyKindName> = PartyTypes[K]['api'];
export type PartyInput<K extends PartyKindName> = PartyTypes[K]['input'];
export type PartySearch<K extends PartyKindName> = PartyTypes[K]['search'];

type TableOf<K extends PartyKindName> = `${K}s` & keyof DB;
type ColumnOf<K extends PartyKindName> = keyof PartyRow<K> & string;

export interface PartyKind<K extends PartyKindName> {
  kind: K;
  // 'Customer' / 'Vendor' in messages; lower case inside sentences
  label: string;
  table: TableOf<K>;
  childrenTable: `${K}_children` & keyof DB;
  // the children table's column naming the parent party
  childParentColumn: `${K}_id`;
  nameColumn: ColumnOf<K>;
  codeUniqueConstraint: string;
  // search criteria (request field -> column, partial and case-insensitive) and sort keys
  criteria: Partial<Record<keyof PartySearch<K>, ColumnOf<K>>>;
  sort: Record<PartySearch<K>['sortBy'], ColumnOf<K>>;
  // the order of the master file download
  exportOrder: readonly ColumnOf<K>[];
  // the fields of the master file, in the upload template's order
  masterFields: readonly (keyof PartyApi<K> & string)[];
  toApi: (row: PartyRow<K>) => PartyApi<K>;
  toColumns: (input: PartyInput<K>) => PartyTypes[K]['columns'];
  idOf: (input: PartyInput<K>) => string | null;
  codeOf: (input: PartyInput<K>) => string | null;
  // defaults applied to an input before it is saved
  beforeSave: (input: PartyInput<K>) => PartyInput<K>;
}

// The fields both kinds have, read from and written to the columns they share.
const commonToApi = (r: Selectable<MasterCommon>) => ({
  nameFrom26AS: r.name_from_26as,
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
  contactPersonTitle: r.contact_person_title,
  contactFirstName: r.contact_first_name,
  contactLastName: r.contact_last_name,
  contactEmail: r.contact_email,
  contactPhone: r.contact_phone,
  notes: r.notes,
});

const commonColumns = (c: ReturnType<typeof commonToApi>) => ({
  name_from_26as: c.nameFrom26AS,
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
  contact_person_title: c.contactPersonTitle,
  contact_first_name: c.contactFirstName,
  contact_last_name: c.contactLastName,
  contact_email: c.contactEmail,
  contact_phone: c.contactPhone,
  notes: c.notes,
});

// The master file fields both kinds have, in the place both files have them.
const REGISTRATION_FIELDS = [
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
] as const;
const CONTACT_FIELDS = [
  'contactPersonTitle',
  'contactFirstName',
  'contactLastName',
  'contactEmail',
  'contactPhone',
  'notes',
] as const;

// --- customers ---

const customerToApi = (r: Selectable<CustomersTable>): Customer => ({
  ...commonToApi(r),
  customerId: r.id,
  customerCode: r.customer_code,
  customerName: r.customer_name,
  nameFromSalesBook: r.name_from_sales_book,
  legalName: r.legal_name,
  tradeName: r.trade_name,
  entityType: r.entity_type,
  parentCustomerId: r.parent_customer_id,
});

const customerColumns = (c: CustomerInput) => ({
  ...commonColumns(c),
  customer_code: c.customerCode,
  customer_name: c.customerName,
  name_from_sales_book: c.nameFromSalesBook,
  legal_name: c.legalName,
  trade_name: c.tradeName,
  entity_type: c.entityType,
  parent_customer_id: c.parentCustomerId,
});

export const customerKind: PartyKind<'customer'> = {
  kind: 'customer',
  label: 'Customer',
  table: 'customers',
  childrenTable: 'customer_children',
  childParentColumn: 'customer_id',
  nameColumn: 'customer_name',
  codeUniqueConstraint: 'customers_entity_id_customer_code_key',
  criteria: {
    tanNumber: 'tan_number',
    panNumber: 'pan_number',
    customerCode: 'customer_code',
    customerName: 'customer_name',
    nameFrom26AS: 'name_from_26as',
    legalName: 'legal_name',
    nameFromSales: 'name_from_sales_book',
  },
  sort: {
    customerName: 'customer_name',
    customerCode: 'customer_code',
    tanNumber: 'tan_number',
    panNumber: 'pan_number',
    nameFrom26AS: 'name_from_26as',
    legalName: 'legal_name',
  },
  exportOrder: ['customer_code', 'customer_name', 'id'],
  // spec part 1 section 3, in the order of the upload template
  masterFields: [
    'customerId',
    'customerCode',
    'customerName',
    'nameFromSalesBook',
    'nameFrom26AS',
    'legalName',
    'tradeName',
    'entityType',
    ...REGISTRATION_FIELDS,
    'parentCustomerId',
    ...CONTACT_FIELDS,
  ],
  toApi: customerToApi,
  toColumns: customerColumns,
  idOf: (c) => c.customerId,
  codeOf: (c) => c.customerCode,
  beforeSave: (c) => c,
};

// --- vendors ---

const vendorToApi = (r: Selectable<VendorsTable>): Vendor => ({
  ...commonToApi(r),
  vendorId: r.id,
  vendorCode: r.vendor_code,
  vendorName: r.vendor_name,
  nameFromPurchaseBook: r.name_from_purchase_book,
  parentVendorId: r.parent_vendor_id,
  vendorType: r.vendor_type,
  compliance206AB: r.compliance_206ab,
  defaultContact: r.default_contact,
  activeStatus: r.active_status,
  resident: r.resident,
  aadhaarPanLink: r.aadhaar_pan_link,
});

const vendorColumns = (v: VendorInput) => ({
  ...commonColumns(v),
  vendor_code: v.vendorCode,
  vendor_name: v.vendorName,
  name_from_purchase_book: v.nameFromPurchaseBook,
  parent_vendor_id: v.parentVendorId,
  vendor_type: v.vendorType,
  compliance_206ab: v.compliance206AB,
  default_contact: v.defaultContact,
  active_status: v.activeStatus,
  resident: v.resident,
  aadhaar_pan_link: v.aadhaarPanLink,
});

// The Aadhaar-PAN link only concerns individuals, whose PAN has 'P' as its
// 4th character (spec part 1 section 4): any other PAN is Operative unless said otherwise.
const withAadhaarDefault = (vendor: VendorInput): VendorInput =>
  vendor.aadhaarPanLink === null && vendor.panNumber && vendor.panNumber[3] !== 'P'
    ? { ...vendor, aadhaarPanLink: 'Operative' }
    : vendor;

export const vendorKind: PartyKind<'vendor'> = {
  kind: 'vendor',
  label: 'Vendor',
  table: 'vendors',
  childrenTable: 'vendor_children',
  childParentColumn: 'vendor_id',
  nameColumn: 'vendor_name',
  codeUniqueConstraint: 'vendors_entity_id_vendor_code_key',
  criteria: {
    vendorCode: 'vendor_code',
    vendorName: 'vendor_name',
    // the connected-entities selector names its criterion customerName on both screens
    customerName: 'vendor_name',
    nameFrom26AS: 'name_from_26as',
    tanNumber: 'tan_number',
    panNumber: 'pan_number',
  },
  sort: {
    vendorName: 'vendor_name',
    vendorCode: 'vendor_code',
    tanNumber: 'tan_number',
    panNumber: 'pan_number',
    nameFrom26AS: 'name_from_26as',
  },
  exportOrder: ['vendor_code', 'id'],
  masterFields: [
    'vendorId',
    'vendorCode',
    'vendorName',
    'nameFromPurchaseBook',
    'nameFrom26AS',
    ...REGISTRATION_FIELDS,
    'parentVendorId',
    ...CONTACT_FIELDS,
    'vendorType',
    'compliance206AB',
    'defaultContact',
    'activeStatus',
    'resident',
    'aadhaarPanLink',
  ],
  toApi: vendorToApi,
  toColumns: vendorColumns,
  idOf: (v) => v.vendorId,
  codeOf: (v) => v.vendorCode,
  beforeSave: withAadhaarDefault,
};
