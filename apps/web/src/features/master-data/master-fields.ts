import { AADHAAR_PAN_LINKS, VENDOR_TYPES } from '@taxrecon/contracts';

// The fields of the customer and vendor forms (spec part 1 section 3), grouped in
// the sections the detail pages show. Rules live in the contract's schemas.
export type FieldKind = 'text' | 'textarea' | 'select' | 'switch';

export interface FieldSpec {
  key: string;
  label: string;
  kind?: FieldKind;
  required?: boolean;
  // identifiers are stored upper-case
  upper?: boolean;
  data?: readonly string[];
  // for switches shown as yes/no
  yesNo?: boolean;
  span?: 1 | 2;
  // the input's type, so a phone or a mail program offers the right keyboard
  // (spec part 1 section 5: phone type, email type, numeric PIN code)
  type?: 'tel' | 'email';
  numeric?: boolean;
}

export interface FormSection {
  title: string;
  fields: readonly FieldSpec[];
}

export type FormValues = Record<string, string | boolean>;

const address: FieldSpec[] = [
  { key: 'addressStreet', label: 'Street', span: 2 },
  { key: 'addressCity', label: 'City' },
  { key: 'addressState', label: 'State' },
  { key: 'pinCode', label: 'PIN Code', numeric: true },
  { key: 'country', label: 'Country' },
];

const contact: FieldSpec[] = [
  { key: 'contactPersonTitle', label: 'Title' },
  { key: 'contactFirstName', label: 'First Name' },
  { key: 'contactLastName', label: 'Last Name' },
  { key: 'contactEmail', label: 'Email', type: 'email' },
  { key: 'contactPhone', label: 'Phone', type: 'tel' },
];

const taxIds: FieldSpec[] = [
  { key: 'tanNumber', label: 'TAN Number', upper: true },
  { key: 'panNumber', label: 'PAN Number', upper: true },
  { key: 'gstIn', label: 'GSTIN', upper: true },
  { key: 'gstRegistrationType', label: 'GST Registration Type' },
  { key: 'cstNumber', label: 'CST Number' },
];

export const CUSTOMER_SECTIONS: readonly FormSection[] = [
  {
    title: 'Basic Information',
    fields: [
      { key: 'customerName', label: 'Customer Name', required: true },
      { key: 'customerCode', label: 'Customer Code' },
      { key: 'nameFromSalesBook', label: 'Name from Sales Book' },
      { key: 'nameFrom26AS', label: 'Name from 26AS' },
      { key: 'legalName', label: 'Legal Name' },
      { key: 'tradeName', label: 'Trade Name' },
      { key: 'entityType', label: 'Entity Type' },
      { key: 'website', label: 'Website' },
      { key: 'parentCustomerId', label: 'Parent Customer Id' },
      ...taxIds,
      { key: 'notes', label: 'Notes', kind: 'textarea', span: 2 },
    ],
  },
  { title: 'Contact Information', fields: contact },
  { title: 'Address Information', fields: address },
];

export const VENDOR_SECTIONS: readonly FormSection[] = [
  {
    title: 'Basic Information',
    fields: [
      { key: 'vendorCode', label: 'Vendor Code', required: true },
      { key: 'vendorName', label: 'Vendor Name', required: true },
      { key: 'nameFromPurchaseBook', label: 'Name from Purchase Book' },
      { key: 'nameFrom26AS', label: 'Name from 26AS' },
      { key: 'vendorType', label: 'Vendor Type', kind: 'select', data: VENDOR_TYPES },
      { key: 'website', label: 'Website' },
      { key: 'parentVendorId', label: 'Parent Vendor Id' },
      ...taxIds,
      { key: 'aadhaarPanLink', label: 'Aadhaar PAN Link', kind: 'select', data: AADHAAR_PAN_LINKS },
      { key: 'compliance206AB', label: 'Specified person (206AB / 206CCA)', kind: 'switch', yesNo: true },
      { key: 'resident', label: 'Resident', kind: 'switch', yesNo: true },
      { key: 'activeStatus', label: 'Active', kind: 'switch', yesNo: true },
      { key: 'defaultContact', label: 'Default contact', kind: 'switch', yesNo: true },
      { key: 'notes', label: 'Notes', kind: 'textarea', span: 2 },
    ],
  },
  { title: 'Contact Information', fields: contact },
  { title: 'Address Information', fields: address },
];

// A stored record as form values: null becomes '' and switches keep their booleans.
export const toFormValues = (sections: readonly FormSection[], record: object | null): FormValues => {
  const source = (record ?? {}) as Record<string, unknown>;
  const values: FormValues = {};
  for (const field of sections.flatMap((s) => s.fields)) {
    const value = source[field.key];
    if (field.kind === 'switch')
      values[field.key] = typeof value === 'boolean' ? value : field.key !== 'compliance206AB';
    else values[field.key] = value === null || value === undefined ? '' : String(value);
  }
  return values;
};
