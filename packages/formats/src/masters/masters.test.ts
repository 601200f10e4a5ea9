import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerMappingTemplate, readCustomerMapping, writeCustomerMapping } from './customer-mapping.ts';
import {
  CUSTOMER_MASTER_COLUMNS,
  type CustomerMasterRecord,
  customerMasterTemplate,
  readCustomerMaster,
  writeCustomerMaster,
} from './customer-master.ts';
import {
  readVendorBulkUpdate,
  readVendorMaster,
  VENDOR_MASTER_COLUMNS,
  vendorMasterTemplate,
  writeVendorMaster,
} from './vendor-master.ts';

const bytes = (s: string): Uint8Array => Buffer.from(s, 'utf8');

const blankCustomer = (): CustomerMasterRecord =>
  Object.fromEntries(CUSTOMER_MASTER_COLUMNS.map((c) => [c.key, null])) as unknown as CustomerMasterRecord;

describe('templates', () => {
  it('are the header line of field names', () => {
    expect(customerMasterTemplate()).toBe(`${CUSTOMER_MASTER_COLUMNS.map((c) => c.key).join('\t')}\r\n`);
    expect(customerMasterTemplate().startsWith('customerId\tcustomerCode\tcustomerName\t')).toBe(true);
    expect(vendorMasterTemplate().split('\t')).toHaveLength(VENDOR_MASTER_COLUMNS.length);
    expect(customerMappingTemplate()).toBe(
      'Legal Name of Customer/Vendor\tName per Sales/Purchase Book\tTAN No.\tPAN No.\tGST No.\r\n',
    );
  });

  it('read back as an empty master without errors', async () => {
    expect(await readCustomerMaster(bytes(customerMasterTemplate()), 'c.txt')).toEqual({
      rows: [],
      errors: [],
      warnings: [],
    });
    expect(await readVendorMaster(bytes(vendorMasterTemplate()), 'v.txt')).toEqual({
      rows: [],
      errors: [],
      warnings: [],
    });
  });
});

describe('customer master', () => {
  it('round-trips what it writes, tabs and quotes included', async () => {
    const customer: CustomerMasterRecord = {
      ...blankCustomer(),
      customerCode: 'C001',
      customerName: 'ALPHA "A1"\tCUSTOMER',
      tanNumber: 'PNEA00001A',
      gstIn: '27AAACA1234K1ZZ',
      notes: 'line 1\nline 2',
    };
    const read = await readCustomerMaster(bytes(writeCustomerMaster([customer])), 'c.txt');
    expect(read.errors).toEqual([]);
    expect(read.rows).toEqual([{ ...customer, line: 2 }]);
  });

  it('accepts headers in other spellings and reports unknown ones', async () => {
    const read = await readCustomerMaster(
      bytes('Customer Name\tTAN Number\tRegion\nALPHA LTD\tpnea00001a\tWest\n'),
      'c.txt',
    );
    expect(read.rows[0]).toMatchObject({ customerName: 'ALPHA LTD', tanNumber: 'PNEA00001A', notes: null });
    expect(read.warnings).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_COLUMN', column: 'Region', line: 1 }),
    ]);
  });

  it('fails the file when the required column is missing', async () => {
    const read = await readCustomerMaster(bytes('customerCode\nC1\n'), 'c.txt');
    expect(read.rows).toEqual([]);
    expect(read.errors).toEqual([
      expect.objectContaining({ code: 'MISSING_COLUMN', column: 'customerName', line: 1 }),
    ]);
    // the file's own columns are named, so a column called differently is seen
    expect(read.errors[0]?.message).toBe(
      'The file has no customerName column. Its columns are: customerCode.',
    );
  });
});

describe('vendor master', () => {
  it('writes booleans as True/False and reads them back', async () => {
    const text = writeVendorMaster([
      { vendorCode: 'V001', vendorName: 'DELTA', compliance206AB: true, resident: false, vendorType: 'Bank' },
    ]);
    expect(text.split('\r\n')[1]).toContain('\tTrue\t\t\tFalse\t');
    const read = await readVendorMaster(bytes(text), 'v.txt');
    expect(read.rows[0]).toMatchObject({
      vendorCode: 'V001',
      compliance206AB: true,
      defaultContact: true,
      resident: false,
      vendorType: 'Bank',
    });
  });

  it('reads back a phone and a name that the writer neutralised as formulas', async () => {
    const text = writeVendorMaster([
      { vendorCode: 'V002', vendorName: '=HYPERLINK("x")', contactPhone: '+91 98123 45678', notes: '-' },
    ]);
    expect(text).toContain("'+91 98123 45678");
    expect(text).toContain(`'=HYPERLINK`);
    const read = await readVendorMaster(bytes(text), 'v.txt');
    expect(read.rows[0]).toMatchObject({ vendorName: '=HYPERLINK("x")', contactPhone: '+91 98123 45678' });
  });

  it('bulk update keeps only the cells given', async () => {
    const read = await readVendorBulkUpdate(bytes('vendorCode,resident,notes\nV09,No,\n'), 'u.csv');
    expect(read.rows).toEqual([{ line: 2, vendorCode: 'V09', changes: { resident: false } }]);
  });
});

describe('customer mapping', () => {
  it('round-trips what it writes', async () => {
    const rows = [
      {
        legalName: 'ALPHA CUSTOMER LIMITED',
        bookName: 'Alpha Ltd',
        tan: 'PNEA00001A',
        pan: null,
        gstin: null,
      },
    ];
    const read = await readCustomerMapping(bytes(writeCustomerMapping(rows)), 'm.txt');
    expect(read.rows).toEqual([{ ...rows[0], file: 'm.txt', line: 2 }]);
  });
});

describe('masters on damaged input', () => {
  it('never throw and every issue has a line >= 1', async () => {
    const base = writeVendorMaster([
      { vendorCode: 'V001', vendorName: 'DELTA', tanNumber: 'CHED00004D', compliance206AB: true },
    ]);
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.string({ maxLength: 12 }), async (at, insert) => {
        const i = at % (base.length + 1);
        const text = base.slice(0, i) + insert + base.slice(i);
        for (const read of [
          await readVendorMaster(bytes(text), 'v.txt'),
          await readCustomerMaster(bytes(text), 'c.txt'),
          await readVendorBulkUpdate(bytes(text.replace(/\t/g, ',')), 'u.csv'),
          await readCustomerMapping(bytes(text), 'm.txt'),
        ]) {
          for (const issue of [...read.errors, ...read.warnings])
            expect(issue.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 200 },
    );
  });
});
