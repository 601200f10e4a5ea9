import {
  EXEMPTION_REASONS,
  exemptionReasonProblem,
  isValidGstin,
  isValidPan,
  isValidTan,
  type Paise,
  parseRupees,
} from '@taxrecon/shared';
import { z } from 'zod';
import { EMAIL_PATTERN, isCalendarDate, Message } from '../common.ts';
import { defineRoute, needs } from '../route.ts';
import { UploadAnswer } from './ingest.ts';

// Customer and vendor master data (spec part 1 sections 3, 5 and 7).

// Identifiers are validated by the formats package, the one place for them
// (GSTIN with its check character); these patterns only describe the shape.
export const TAN_PATTERN = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const VENDOR_TYPES = ['Personal', 'Company', 'Government', 'Bank', 'Trust'] as const;
export const AADHAAR_PAN_LINKS = ['Operative', 'Inoperative', 'NA'] as const;
export const MASTER_SEARCH_PAGE_SIZE = 10;
// "Customer search shows at most 200 records on screen; the total count is also shown."
export const MASTER_SEARCH_MAX_RESULTS = 200;
export const SUGGESTION_MIN_LENGTH = 5;

// --- building blocks: the web form sends '' for an empty field, stored as null ---

const blankToNull = (s: string): string | null => (s === '' ? null : s);
// Optional in the request; absent, null and '' all mean "no value".
const finish = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

const text = (label: string, min = 1, max = 200) =>
  finish(
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .transform(blankToNull)
      .pipe(z.string().min(min, `${label} must be at least ${min} characters`).nullable()),
  );

const identifier = (valid: (value: string) => boolean, message: string) =>
  finish(
    z
      .string()
      .trim()
      .transform((s) => blankToNull(s.toUpperCase()))
      .pipe(z.string().refine(valid, message).nullable()),
  );

export const TanNumber = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().refine(isValidTan, 'Invalid TAN Number'));
export const OptionalPan = identifier(isValidPan, 'Invalid PAN Number');
const OptionalTan = identifier(isValidTan, 'Invalid TAN Number');
const OptionalGstin = identifier(isValidGstin, 'Invalid GSTIN');
const ContactEmail = finish(
  z
    .string()
    .trim()
    .max(254)
    .transform(blankToNull)
    .pipe(z.string().regex(EMAIL_PATTERN, 'Invalid Email Address').nullable()),
);
// "phone type, min length 10": digits with the usual +, spaces, hyphens and brackets.
const ContactPhone = finish(
  z
    .string()
    .trim()
    .max(20, 'Phone must be at most 20 characters')
    .transform(blankToNull)
    .pipe(
      z
        .string()
        .regex(/^\+?[0-9 ()-]+$/, 'Phone must contain only digits')
        .refine((s) => s.replace(/\D/g, '').length >= 10, 'Phone must have at least 10 digits')
        .nullable(),
    ),
);
// "pinCode numeric, min 0": digits only (foreign postal codes may be shorter or longer than 6).
const PinCode = finish(
  z
    .string()
    .trim()
    .max(10, 'PIN Code must be at most 10 digits')
    .transform(blankToNull)
    .pipe(
      z
        .string()
        .regex(/^[0-9]+$/, 'PIN Code must be numeric')
        .nullable(),
    ),
);
const OptionalUuid = finish(z.string().trim().transform(blankToNull).pipe(z.string().uuid().nullable()));

export const IsoDate = z
  .string()
  .regex(ISO_DATE_PATTERN, 'Dates are typed as yyyy-mm-dd')
  .refine(isCalendarDate, 'Not a calendar date');
const OptionalDate = finish(z.string().trim().transform(blankToNull).pipe(IsoDate.nullable()));

// A number field of the form: a JSON number, a numeric string, or '' / null for none.
const OptionalNumber = (label: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$|^$/, `${label} must be a number`)
          .transform((s) => (s === '' ? null : Number(s))),
        z.null(),
      ],
      { error: `${label} must be a number` },
    )
    .optional()
    .transform((v): number | null => v ?? null)
    .refine((v) => v === null || Number.isFinite(v), `${label} must be a number`);

// At most `places` decimals, judged on the number's decimal text (what was
// typed, for any number a person types), not by float arithmetic.
const decimals = (v: number, places: number): boolean =>
  new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`).test(String(v));

// A rupee amount of a form: a JSON number or numeric text, or '' / null for
// none, read exactly from its decimal text into paise.
const OptionalPaise = (label: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$|^$/, `${label} must be a number`),
        z.null(),
      ],
      {
        error: `${label} must be a number`,
      },
    )
    .optional()
    .transform((v, ctx): Paise | null => {
      if (v === null || v === undefined || v === '') return null;
      // String(number) is the shortest text that reads back as it, which is what was typed.
      const text = String(v);
      const problem = !/^-?\d+(\.\d+)?$/.test(text)
        ? 'must be a number'
        : text.startsWith('-')
          ? 'cannot be negative'
          : !/^\d{1,15}(\.\d+)?$/.test(text)
            ? 'is too large'
            : (text.split('.')[1] ?? '').length > 2
              ? 'has at most 2 decimals'
              : null;
      if (problem === null) return parseRupees(text);
      ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
      return z.NEVER;
    });

// --- customers ---

// The form fields shared by customers and vendors (the party master), in the
// order both answer them; min lengths per spec section 5 differ by kind.
// A website as a person types it: a name (acme.in) or an http(s) address;
// another scheme (javascript:, data:) is refused, as a link to it would run.
const Website = finish(
  z
    .string()
    .trim()
    .max(200, 'Website must be at most 200 characters')
    .transform(blankToNull)
    .pipe(
      z
        .string()
        .refine(
          (w) => /^https?:\/\/[^\s/]+/i.test(w) || /^[^\s:/]+\.[^\s:]+$/.test(w),
          'Website must be a name such as acme.in or an address starting http:// or https://',
        )
        .nullable(),
    ),
);

const registrationInput = (min: number) => ({
  website: Website,
  tanNumber: OptionalTan,
  cstNumber: text('CST Number', min, 50),
  panNumber: OptionalPan,
  gstRegistrationType: text('GST Registration Type', min, 100),
  gstIn: OptionalGstin,
  addressStreet: text('Street', min),
  addressCity: text('City', min),
  addressState: text('State', min),
  pinCode: PinCode,
  country: text('Country', min, 100),
});
const contactInput = (min: number) => ({
  contactPersonTitle: text('Contact Title', 2, 20),
  contactFirstName: text('Contact First Name', min, 100),
  contactLastName: text('Contact Last Name', min, 100),
  contactEmail: ContactEmail,
  contactPhone: ContactPhone,
  notes: text('Notes', 1, 2000),
});
const nullableText = z.string().nullable();
const REGISTRATION_FIELDS = {
  website: nullableText,
  tanNumber: nullableText,
  cstNumber: nullableText,
  panNumber: nullableText,
  gstRegistrationType: nullableText,
  gstIn: nullableText,
  addressStreet: nullableText,
  addressCity: nullableText,
  addressState: nullableText,
  pinCode: nullableText,
  country: nullableText,
};
const CONTACT_FIELDS = {
  contactPersonTitle: nullableText,
  contactFirstName: nullableText,
  contactLastName: nullableText,
  contactEmail: nullableText,
  contactPhone: nullableText,
  notes: nullableText,
};

export const CustomerInput = z.object({
  // present when an existing customer is saved (update)
  customerId: OptionalUuid,
  customerCode: text('Customer Code', 3, 50),
  customerName: z
    .string({ error: 'Customer Name is required' })
    .trim()
    .min(1, 'Customer Name is required')
    .min(3, 'Customer Name must be at least 3 characters')
    .max(200, 'Customer Name must be at most 200 characters'),
  nameFromSalesBook: text('Name from Sales Book', 3),
  nameFrom26AS: text('Name from 26AS', 3),
  legalName: text('Legal Name', 3),
  tradeName: text('Trade Name', 3),
  entityType: text('Entity Type', 3, 100),
  ...registrationInput(3),
  parentCustomerId: text('Parent Customer Id', 1, 100),
  ...contactInput(3),
});
export type CustomerInput = z.output<typeof CustomerInput>;

const CUSTOMER_FIELDS = {
  customerId: z.string(),
  customerCode: z.string().nullable(),
  customerName: z.string(),
  nameFromSalesBook: z.string().nullable(),
  nameFrom26AS: z.string().nullable(),
  legalName: z.string().nullable(),
  tradeName: z.string().nullable(),
  entityType: z.string().nullable(),
  ...REGISTRATION_FIELDS,
  parentCustomerId: z.string().nullable(),
  ...CONTACT_FIELDS,
};
export const Customer = z.object(CUSTOMER_FIELDS);
export type Customer = z.infer<typeof Customer>;

// A connected entity (child), identified by its TAN; named when a customer
// (or vendor) of the entity carries that TAN.
export const ConnectedEntity = z.object({
  tanNumber: z.string(),
  id: z.string().nullable(),
  name: z.string().nullable(),
});
export type ConnectedEntity = z.infer<typeof ConnectedEntity>;

export const CustomerDetail = Customer.extend({
  // every contact e-mail: contactEmail first, then the ones added later
  contactEmails: z.array(z.string()),
  children: z.array(ConnectedEntity),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

const Children = z.array(TanNumber).max(500, 'At most 500 connected entities at a time').default([]);

export const SaveCustomerRequest = z.object({
  customer: CustomerInput,
  children: Children,
  removedChildren: Children,
});
export type SaveCustomerRequest = z.output<typeof SaveCustomerRequest>;

export const SaveCustomerResponse = z.object({ message: z.string(), customer: CustomerDetail });

const SortOrder = z.enum(['asc', 'desc']).default('asc');
const paging = {
  // 1-based; the screen shows 10 a page out of at most 200 records
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MASTER_SEARCH_MAX_RESULTS).default(MASTER_SEARCH_MAX_RESULTS),
  sortOrder: SortOrder,
};
const criterion = finish(z.string().trim().max(200).transform(blankToNull));

export const CUSTOMER_SORT_FIELDS = [
  'customerName',
  'customerCode',
  'tanNumber',
  'panNumber',
  'nameFrom26AS',
  'legalName',
] as const;
// Every criterion is partial and case-insensitive. customerName also serves
// the connected-entities selector (tanNumber and customerName).
export const CustomerSearchRequest = z.object({
  tanNumber: criterion,
  panNumber: criterion,
  customerCode: criterion,
  customerName: criterion,
  nameFrom26AS: criterion,
  legalName: criterion,
  nameFromSales: criterion,
  ...paging,
  sortBy: z.enum(CUSTOMER_SORT_FIELDS).default('customerName'),
});
export type CustomerSearchRequest = z.output<typeof CustomerSearchRequest>;

export const CustomerSearchResponse = z.object({
  results: z.array(Customer),
  totalCount: z.number().int(),
});

export const ConnectedEntitiesQuery = z.object({
  panNumber: OptionalPan,
  customerId: OptionalUuid,
});

export const CustomerConnectedEntities = z.object({
  children: z.array(ConnectedEntity),
  // other customers of the entity with the same PAN: candidates to connect
  samePan: z.array(Customer),
});

export const AddCustomerEmailQuery = z.object({
  email: z.string().trim().max(254).regex(EMAIL_PATTERN, 'Invalid Email Address'),
});
export const AddCustomerEmailResponse = z.object({ message: z.string(), contactEmails: z.array(z.string()) });

export const CustomerSuggestion = z.object({
  customerId: z.string(),
  customerCode: z.string().nullable(),
  customerName: z.string(),
  tanNumber: z.string().nullable(),
  panNumber: z.string().nullable(),
});
export type CustomerSuggestion = z.infer<typeof CustomerSuggestion>;

// --- vendors ---

const VENDOR_TYPE_MESSAGE = `Vendor type is one of ${VENDOR_TYPES.join(', ')}`;
const AADHAAR_PAN_LINK_MESSAGE = `Aadhaar PAN link is one of ${AADHAAR_PAN_LINKS.join(', ')}`;
export const VendorType = z.enum(VENDOR_TYPES, { error: VENDOR_TYPE_MESSAGE });
export const AadhaarPanLink = z.enum(AADHAAR_PAN_LINKS, { error: AADHAAR_PAN_LINK_MESSAGE });
// One of a fixed list, or ''/null/absent for none; a wrong value gets the list's own message.
const choice = <T extends z.ZodEnum>(schema: T, message: string) =>
  z
    .union([schema, z.literal('')], { error: message })
    .nullish()
    .transform((v) => (v === '' || v === undefined || v === null ? null : (v as z.output<T>)));
// Booleans may come as the spec's 'True'/'False' strings too.
const flag = (label: string, defaultValue: boolean) =>
  z
    .union([z.boolean(), z.enum(['True', 'False', 'true', 'false'])], { error: `${label} is True or False` })
    .optional()
    .transform((v) => (v === undefined ? defaultValue : v === true || v === 'True' || v === 'true'));

const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(3, `${label} must be at least 3 characters`)
    .max(max, `${label} must be at most ${max} characters`);

export const VendorInput = z.object({
  vendorId: OptionalUuid,
  vendorCode: requiredText('Vendor Code', 50),
  vendorName: requiredText('Vendor Name'),
  nameFromPurchaseBook: text('Name from Purchase Book'),
  nameFrom26AS: text('Name from 26AS'),
  ...registrationInput(1),
  parentVendorId: text('Parent Vendor Id', 1, 100),
  ...contactInput(1),
  vendorType: choice(VendorType, VENDOR_TYPE_MESSAGE),
  // specified person under sections 206AB and 206CCA (higher rate)
  compliance206AB: flag('Specified person (206AB)', false),
  defaultContact: flag('Default contact', true),
  activeStatus: flag('Active status', true),
  resident: flag('Resident', true),
  aadhaarPanLink: choice(AadhaarPanLink, AADHAAR_PAN_LINK_MESSAGE),
});
export type VendorInput = z.output<typeof VendorInput>;

export const Vendor = z.object({
  vendorId: z.string(),
  vendorCode: z.string(),
  vendorName: z.string(),
  nameFromPurchaseBook: z.string().nullable(),
  nameFrom26AS: z.string().nullable(),
  ...REGISTRATION_FIELDS,
  parentVendorId: z.string().nullable(),
  ...CONTACT_FIELDS,
  vendorType: VendorType.nullable(),
  compliance206AB: z.boolean(),
  defaultContact: z.boolean(),
  activeStatus: z.boolean(),
  resident: z.boolean(),
  aadhaarPanLink: AadhaarPanLink.nullable(),
});
export type Vendor = z.infer<typeof Vendor>;

export const VendorDetail = Vendor.extend({ children: z.array(ConnectedEntity) });
export type VendorDetail = z.infer<typeof VendorDetail>;

// --- vendor section mappings ---

// The editor's rules (spec part 1 section 4): with tdsExempted false the
// exemption dates are cleared, with ltdcApplied false the lower-deduction
// certificate (section 197) fields are cleared; a period never ends before it starts.
const SectionMappingFields = z.object({
  id: OptionalUuid,
  vendorId: z.string({ error: 'Vendor is required' }).uuid('Vendor is required'),
  // accepted for the spec's shape; the vendor's own code is what is stored and answered
  vendorCode: z.string().optional(),
  sectionNumber: z
    .string({ error: 'Section is required' })
    .trim()
    .min(1, 'Section is required')
    .max(20, 'Section must be at most 20 characters'),
  subSection: text('Sub-section', 1, 20),
  tdsExempted: flag('TDS exempted', false),
  tdsExemptedFromDate: OptionalDate,
  tdsExemptedToDate: OptionalDate,
  // Why the mapping exempts (Annexure 6: B 15G/15H, T transporter 194C(6),
  // Z notified under 197A(1F)); none: exempt, reason not recorded.
  tdsExemptionReason: finish(
    z
      .string()
      .trim()
      .toUpperCase()
      .transform(blankToNull)
      .pipe(
        z
          .enum(EXEMPTION_REASONS, {
            error: 'Reason for exemption is B (15G/15H), T (transporter, 194C(6)) or Z (197A(1F))',
          })
          .nullable(),
      ),
  ),
  ltdcApplied: flag('LDC applied', false),
  ltdcPercentage: OptionalNumber('LDC percentage')
    .refine((v) => v === null || (v >= 0 && v <= 100), 'LDC percentage must be between 0 and 100')
    .refine((v) => v === null || decimals(v, 4), 'LDC percentage has at most 4 decimals'),
  // rupees as typed on screen, held as paise
  ltdcAmount: OptionalPaise('LDC amount'),
  ltdcFromDate: OptionalDate,
  ltdcToDate: OptionalDate,
});

export const VendorSectionMappingInput = SectionMappingFields.superRefine((m, ctx) => {
  if (m.tdsExempted && m.ltdcApplied)
    ctx.addIssue({
      code: 'custom',
      path: ['ltdcApplied'],
      message: 'A mapping is either TDS exempted or under a lower deduction certificate, not both',
    });
  if (
    m.tdsExempted &&
    m.tdsExemptedFromDate &&
    m.tdsExemptedToDate &&
    m.tdsExemptedFromDate > m.tdsExemptedToDate
  )
    ctx.addIssue({
      code: 'custom',
      path: ['tdsExemptedToDate'],
      message: 'TDS exempted To date must not be before the From date',
    });
  const reasonProblem = exemptionReasonProblem(
    m.tdsExemptionReason,
    m.tdsExempted,
    m.subSection ? `${m.sectionNumber}(${m.subSection})` : m.sectionNumber,
  );
  if (reasonProblem)
    ctx.addIssue({
      code: 'custom',
      path: ['tdsExemptionReason'],
      message: `Reason for exemption: ${reasonProblem}`,
    });
  if (m.ltdcApplied && m.ltdcPercentage === null)
    ctx.addIssue({ code: 'custom', path: ['ltdcPercentage'], message: 'LDC percentage is required' });
  if (m.ltdcApplied && m.ltdcFromDate && m.ltdcToDate && m.ltdcFromDate > m.ltdcToDate)
    ctx.addIssue({
      code: 'custom',
      path: ['ltdcToDate'],
      message: 'LDC To date must not be before the From date',
    });
}).transform(({ vendorCode: _ignored, ...m }) => ({
  ...m,
  tdsExemptedFromDate: m.tdsExempted ? m.tdsExemptedFromDate : null,
  tdsExemptedToDate: m.tdsExempted ? m.tdsExemptedToDate : null,
  ltdcPercentage: m.ltdcApplied ? m.ltdcPercentage : null,
  ltdcAmount: m.ltdcApplied ? m.ltdcAmount : null,
  ltdcFromDate: m.ltdcApplied ? m.ltdcFromDate : null,
  ltdcToDate: m.ltdcApplied ? m.ltdcToDate : null,
}));
export type VendorSectionMappingInput = z.output<typeof VendorSectionMappingInput>;

export const VendorSectionMapping = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendorCode: z.string(),
  sectionNumber: z.string(),
  subSection: z.string().nullable(),
  tdsExempted: z.boolean(),
  tdsExemptedFromDate: z.string().nullable(),
  tdsExemptedToDate: z.string().nullable(),
  tdsExemptionReason: z.enum(EXEMPTION_REASONS).nullable(),
  ltdcApplied: z.boolean(),
  ltdcPercentage: z.number().nullable(),
  // rupees as exact text, '1500000.50', like every amount the API answers
  ltdcAmount: z.string().nullable(),
  ltdcFromDate: z.string().nullable(),
  ltdcToDate: z.string().nullable(),
});
export type VendorSectionMapping = z.infer<typeof VendorSectionMapping>;

export const SaveVendorRequest = z.object({
  vendor: VendorInput,
  children: Children,
  removedChildren: Children,
});
export type SaveVendorRequest = z.output<typeof SaveVendorRequest>;
export const SaveVendorResponse = z.object({ message: z.string(), vendor: VendorDetail });

export const VENDOR_SORT_FIELDS = [
  'vendorName',
  'vendorCode',
  'tanNumber',
  'panNumber',
  'nameFrom26AS',
] as const;
export const VendorSearchRequest = z.object({
  vendorCode: criterion,
  vendorName: criterion,
  nameFrom26AS: criterion,
  tanNumber: criterion,
  panNumber: criterion,
  // the connected-entities selector sends customerName on both searches
  customerName: criterion,
  ...paging,
  sortBy: z.enum(VENDOR_SORT_FIELDS).default('vendorName'),
});
export type VendorSearchRequest = z.output<typeof VendorSearchRequest>;
export const VendorSearchResponse = z.object({ results: z.array(Vendor), totalCount: z.number().int() });

export const VendorByPan = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  vendorCode: z.string(),
  contactEmail: z.string().nullable(),
});

export const VendorConnectedEntitiesQuery = z.object({ vendorId: OptionalUuid, panNumber: OptionalPan });
export const VendorConnectedEntities = z.object({
  children: z.array(ConnectedEntity),
  samePan: z.array(Vendor),
});

// The header row of the vendor section mapping file: its download, its
// template and its upload (the formats package reads these columns; a server
// test keeps the lists equal).
export const VENDOR_SECTION_MAPPING_COLUMNS_TEXT = [
  'id',
  'vendorId',
  'vendorCode',
  'sectionNumber',
  'subSection',
  'tdsExempted',
  'tdsExemptedFromDate',
  'tdsExemptedToDate',
  'tdsExemptionReason',
  'ltdcApplied',
  'ltdcPercentage',
  'ltdcAmount',
  'ltdcFromDate',
  'ltdcToDate',
] as const satisfies readonly (keyof VendorSectionMapping)[];

export const SaveSectionMappingResponse = z.object({ message: z.string(), mapping: VendorSectionMapping });

// --- routes ---

const BASE = '/master-data-management';
const CUSTOMERS = needs('MASTERDATA_CUSTOMERS');
const VENDORS = needs('MASTERDATA_VENDORS');
const CustomerIdParam = z.object({ customerId: z.string().uuid() });
const VendorIdParam = z.object({ vendorId: z.string().uuid() });
// Binary answers: tab-separated text files; the schema documents the shape only.
const TextFile = z.string();

export const masterDataRoutes = {
  searchCustomers: defineRoute({
    method: 'POST',
    path: `${BASE}/customers/search`,
    access: CUSTOMERS,
    summary: 'Search customers of the current entity (at most 200 a page, with the total count)',
    body: CustomerSearchRequest,
    response: CustomerSearchResponse,
  }),
  countCustomers: defineRoute({
    method: 'GET',
    path: `${BASE}/customers/count`,
    access: CUSTOMERS,
    summary: 'How many customers the current entity has',
    response: z.object({ count: z.number().int() }),
  }),
  customerConnectedEntities: defineRoute({
    method: 'GET',
    path: `${BASE}/customer/fetch-connected-entities`,
    access: CUSTOMERS,
    summary: "A customer's connected entities and the other customers with its PAN",
    query: ConnectedEntitiesQuery,
    response: CustomerConnectedEntities,
  }),
  customer: defineRoute({
    method: 'GET',
    path: `${BASE}/customer/:customerId`,
    access: CUSTOMERS,
    summary: 'One customer with contact e-mails and connected entities',
    params: CustomerIdParam,
    response: CustomerDetail,
  }),
  saveCustomer: defineRoute({
    method: 'POST',
    path: `${BASE}/customer`,
    access: CUSTOMERS,
    summary: 'Create a customer, or update it when customer.customerId is given',
    body: SaveCustomerRequest,
    response: SaveCustomerResponse,
  }),
  addCustomerEmail: defineRoute({
    method: 'POST',
    path: `${BASE}/customer/:customerId/email`,
    access: CUSTOMERS,
    summary: 'Add a contact e-mail to a customer',
    params: CustomerIdParam,
    query: AddCustomerEmailQuery,
    response: AddCustomerEmailResponse,
  }),
  customerMasterTemplate: defineRoute({
    method: 'GET',
    path: `${BASE}/masterdatatemplate/customer_master`,
    access: CUSTOMERS,
    summary: 'Customer master template (.txt, tab-separated header line)',
    response: TextFile,
    produces: 'binary',
  }),
  customerMasterDownload: defineRoute({
    method: 'GET',
    path: `${BASE}/customerdatafromdb/customer_master`,
    access: CUSTOMERS,
    summary: 'All customers of the current entity as a customer master (.txt)',
    response: TextFile,
    produces: 'binary',
  }),

  searchVendors: defineRoute({
    method: 'POST',
    path: `${BASE}/vendors/search`,
    access: VENDORS,
    summary: 'Search vendors of the current entity (at most 200 a page, with the total count)',
    body: VendorSearchRequest,
    response: VendorSearchResponse,
  }),
  vendorsByPan: defineRoute({
    method: 'GET',
    path: `${BASE}/vendor/pan/:pan`,
    access: VENDORS,
    summary: 'Vendors with this PAN',
    params: z.object({
      pan: z
        .string()
        .trim()
        .transform((s) => s.toUpperCase())
        .pipe(z.string().refine(isValidPan, 'Invalid PAN Number')),
    }),
    response: z.array(VendorByPan),
  }),
  vendorConnectedEntities: defineRoute({
    method: 'GET',
    path: `${BASE}/vendor/fetch-connected-entities`,
    access: VENDORS,
    summary: "A vendor's connected entities and the other vendors with its PAN",
    query: VendorConnectedEntitiesQuery,
    response: VendorConnectedEntities,
  }),
  vendor: defineRoute({
    method: 'GET',
    path: `${BASE}/vendor/:vendorId`,
    access: VENDORS,
    summary: 'One vendor with its connected entities',
    params: VendorIdParam,
    response: VendorDetail,
  }),
  saveVendor: defineRoute({
    method: 'POST',
    path: `${BASE}/vendor`,
    access: VENDORS,
    summary: 'Create a vendor, or update it when vendor.vendorId is given',
    body: SaveVendorRequest,
    response: SaveVendorResponse,
  }),
  vendorSectionMappings: defineRoute({
    method: 'GET',
    path: `${BASE}/vendorSectionMapping/:vendorId`,
    access: VENDORS,
    summary: "A vendor's section mappings",
    params: VendorIdParam,
    response: z.array(VendorSectionMapping),
  }),
  saveVendorSectionMapping: defineRoute({
    method: 'POST',
    path: `${BASE}/vendor-section-mapping`,
    access: VENDORS,
    summary: 'Add a vendor section mapping, or update it when id is given',
    body: VendorSectionMappingInput,
    response: SaveSectionMappingResponse,
  }),
  deleteVendorSectionMapping: defineRoute({
    method: 'DELETE',
    path: `${BASE}/vendor-section-mapping/:id`,
    access: VENDORS,
    summary: 'Delete a vendor section mapping',
    params: z.object({ id: z.string().uuid() }),
    response: Message,
  }),
  uploadVendorSectionMappings: defineRoute({
    method: 'PUT',
    path: '/ingest/ingest-vendor-section-mapping',
    access: VENDORS,
    summary:
      "Add or change vendor section mappings from a file (.txt, .csv, .xlsx; the download's columns), by vendor code and section",
    consumes: 'multipart',
    body: z.object({}),
    response: UploadAnswer,
  }),
  vendorSectionMappingTemplate: defineRoute({
    method: 'GET',
    // the customer master template's address (spec part 1), for the file the
    // vendor section mapping upload reads
    path: `${BASE}/masterdatatemplate/vendor_section_mapping`,
    access: VENDORS,
    summary: "Vendor section mapping template (.txt, tab-separated header line of the upload's columns)",
    response: TextFile,
    produces: 'binary',
  }),
  vendorMasterDownload: defineRoute({
    method: 'GET',
    path: `${BASE}/vendordatafromdb/vendor_master`,
    access: VENDORS,
    summary: 'All vendors of the current entity as a vendor master (.txt)',
    response: TextFile,
    produces: 'binary',
  }),
  vendorSectionMappingDownload: defineRoute({
    method: 'GET',
    path: `${BASE}/vsmdatafromdb/vendor_master`,
    access: VENDORS,
    summary: 'All vendor section mappings of the current entity (.txt)',
    response: TextFile,
    produces: 'binary',
  }),

  customerSuggestions: defineRoute({
    method: 'GET',
    path: '/search/entities/-1',
    // the Delete Data screen's customer picker (session 39: any full user read
    // the customer master's names, TANs and PANs here)
    access: needs('DATA_ADMIN'),
    summary: 'Customers whose name, code or TAN contains q (at least 5 characters)',
    query: z.object({ q: z.string().max(200).default('') }),
    response: z.array(CustomerSuggestion),
  }),
} as const;
