import { describe, expect, it } from 'vitest';
import { readLdcCertificates, readTanItrReport, readVendorPayments } from './payable-data-files.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('TDS payable data files', () => {
  it('reads vendor payments whatever the case, spaces or underscores of the headers', async () => {
    const read = await readVendorPayments(
      bytes(
        'PAYMENT_DATE\tpayment number\tVendorCode\tBase Amount\tTDS Rate\tTDS Amount\n' +
          '05-04-2024\tP1\tV1\t1,00,000.50\t10\t10,000.05\n' +
          '06-04-2024\tP2\tV2\tlots\t2\t0\n',
      ),
      'pay.txt',
    );
    expect(read.rows).toEqual([
      expect.objectContaining({
        line: 2,
        paymentDate: '2024-04-05',
        paymentNumber: 'P1',
        vendorCode: 'V1',
        baseAmount: 10_000_050,
        tdsRate: 10,
        tdsAmount: 1_000_005,
      }),
    ]);
    expect(read.errors).toEqual([
      expect.objectContaining({ line: 3, column: 'Base Amount', code: 'INVALID_AMOUNT' }),
    ]);
  });

  it('reads the portal headers of the TAN-ITR report through their aliases', async () => {
    const read = await readTanItrReport(
      bytes(
        'PAN,Name of the PAN,Specified Person u/s 206AB & 206CCA,As on Date,FY\n' +
          'aabca1234f,ACME,Yes,01-04-2024,2024-25\n' +
          'AAAPB1234C,BETA,No,,\n',
      ),
      'tan.csv',
    );
    expect(read.errors).toEqual([]);
    expect(
      read.rows.map((r) => [r.panNumber, r.name, r.specifiedPerson, r.asOfDate, r.financialYear]),
    ).toEqual([
      ['AABCA1234F', 'ACME', true, '2024-04-01', '2024-25'],
      ['AAAPB1234C', 'BETA', false, null, null],
    ]);
  });

  it('says which LDC column is missing, and that a file without a header has none', async () => {
    const missing = await readLdcCertificates(
      bytes('certificateNumber,panNumber\nC1,AABCA1234F\n'),
      'ldc.csv',
    );
    expect(missing.rows).toEqual([]);
    expect(missing.errors.map((e) => e.column)).toEqual(['sectionNumber', 'rate', 'validFrom', 'validTo']);
    const empty = await readLdcCertificates(bytes(''), 'empty.csv');
    expect(empty.rows).toEqual([]);
    expect(empty.errors.length).toBeGreaterThan(0);
  });
});
