import {
  type CustomerMappingRow,
  type CustomerMasterRecord,
  type VendorMasterRecord,
  writeCustomerMapping,
  writeCustomerMaster,
  writeVendorMaster,
} from '@taxrecon/formats';
import type { Vendor } from './purchases.ts';
import type { Random } from './random.ts';
import { inCustomerMaster, NAME_VARIANT_BOOK_NAME } from './roster.ts';
import type { Customer } from './sales.ts';

const domainOf = (name: string): string =>
  `${name
    .toLowerCase()
    .replace(/\b(private|limited|pvt|ltd|llp|company|co)\b/g, '')
    .replace(/[^a-z]/g, '')
    .slice(0, 20)}.example`;

const phone = (random: Random): string =>
  `+91 ${random.pick(['98', '99', '97', '90', '88'])}${random.digits(3)} ${random.digits(5)}`;

export const customerMasterText = (customers: readonly Customer[], random: Random): string =>
  writeCustomerMaster(
    customers.filter(inCustomerMaster).map((c): Partial<CustomerMasterRecord> => {
      const domain = domainOf(c.legalName);
      return {
        customerCode: c.code,
        customerName: c.bookName,
        nameFromSalesBook: c.bookName,
        nameFrom26AS: c.legalName,
        legalName: c.legalName,
        tradeName: c.bookName,
        entityType: c.entityType,
        website: c.holder === 'government' ? null : `www.${domain}`,
        tanNumber: c.tan,
        panNumber: c.pan,
        gstRegistrationType: c.gstin === null ? 'Unregistered' : 'Regular',
        gstIn: c.gstin,
        addressStreet: c.address.street,
        addressCity: c.address.city,
        addressState: c.address.state,
        pinCode: c.address.pin,
        country: 'India',
        contactPersonTitle: c.contact[0],
        contactFirstName: c.contact[1],
        contactLastName: c.contact[2],
        contactEmail: `accounts@${domain}`,
        contactPhone: phone(random),
        notes: c.case === 'regular' ? null : `Demo case: ${c.case}`,
      };
    }),
  );

export const vendorMasterText = (vendors: readonly Vendor[], random: Random): string =>
  writeVendorMaster(
    vendors.map((v): Partial<VendorMasterRecord> => {
      const domain = domainOf(v.legalName);
      return {
        vendorCode: v.code,
        vendorName: v.legalName,
        nameFromPurchaseBook: v.bookName,
        nameFrom26AS: v.legalName,
        website: `www.${domain}`,
        tanNumber: v.tan,
        panNumber: v.pan,
        gstRegistrationType: 'Regular',
        gstIn: v.gstin,
        addressStreet: v.address.street,
        addressCity: v.address.city,
        addressState: v.address.state,
        pinCode: v.address.pin,
        country: 'India',
        contactPersonTitle: v.contact[0],
        contactFirstName: v.contact[1],
        contactLastName: v.contact[2],
        contactEmail: `sales@${domain}`,
        contactPhone: phone(random),
        vendorType: v.vendorType,
        compliance206AB: false,
        defaultContact: true,
        activeStatus: true,
        resident: true,
        aadhaarPanLink: v.holder === 'individual' ? 'Operative' : 'NA',
        notes: v.case === 'regular' ? null : `Demo case: ${v.case}`,
      };
    }),
  );

// The mapping file ties the 26AS name to the book name. It covers the
// customers whose names differ most, the two deductors sharing a name, and
// the customer whose book spelling differs from the master.
export const customerMappingText = (customers: readonly Customer[]): string => {
  const rows: Omit<CustomerMappingRow, 'file' | 'line'>[] = [];
  for (const c of customers) {
    const listed =
      c.case === 'name-variant' || c.legalName === 'SHREE GANESH ENTERPRISES' || c.holder !== 'company';
    if (!listed) continue;
    rows.push({
      legalName: c.legalName,
      bookName: c.case === 'name-variant' ? NAME_VARIANT_BOOK_NAME : c.bookName,
      tan: c.tan,
      pan: c.pan,
      gstin: c.gstin,
    });
  }
  return writeCustomerMapping(rows);
};
