import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Vendor payments (an ingest job, then the search), the sales register kept
// in the payable folder, LDC certificates and the TAN-ITR (206AB) report.

let t: TestServer;
let token: string;
let entityId: string;

interface Problem {
  line: number;
  column: string | null;
  expected: string;
}
interface PaymentRecord {
  paymentDate: string;
  paymentNumber: string | null;
  vendorCode: string | null;
  vendorName: string | null;
  panNumber: string | null;
  baseAmount: string;
  sectionNumber: string | null;
  tdsRate: string | null;
  tdsAmount: string;
}

const upload = (path: string, name: string, content: string, fields?: Record<string, string>) =>
  t.upload(path, { token, files: [{ name, content }], ...(fields ? { fields } : {}) });
const search = async (body: Record<string, string>) =>
  (await t.api('POST', '/search/vendor-payment', { token, body })).json as {
    records: PaymentRecord[];
    totalRecords: number;
  };

const PAYMENTS = [
  'payment_date\tPayment Number\tpayment description\tVENDOR_CODE\tPan Number\tVendor Name\tBase Amount\tSection Number\tSub Section\tTDS Rate\tTDS Amount',
  '05-04-2024\tP001\tAudit fee Q4\tV001\tAABCA1234F\tAcme Services\t1,00,000.00\t194J\tb\t10\t10,000.00',
  '10-04-2024\tP002\tFreight\tV002\tAAAPB1234C\tBeta Logistics\t50000\t194C\t\t2\t1000',
  '20-04-2024\tP003\tRent April\tV003\tAAGCG1234H\tGamma Estates\t75000.50\t194I\ta\t10\t7500.05',
  '21-04-2024\tP004\tBad amount\tV003\tAAGCG1234H\tGamma Estates\tlots\t194I\ta\t10\t0',
].join('\n');

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  const entities = (await t.api('GET', '/entities', { token })).json as { id: string; current: boolean }[];
  entityId = entities.find((e) => e.current)?.id ?? '';
});
afterAll(async () => {
  await t?.close();
});

describe('vendor payments', () => {
  it('loads a month of payments in an ingest job and lists the file in the folder', async () => {
    const answer = await upload('/ingest/vendor-payment/24-25/2024-04', 'Payments April.txt', PAYMENTS);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const body = answer.json as { jobId: string; problems: Problem[] };
    expect(body.problems).toEqual([expect.objectContaining({ line: 5, column: 'Base Amount' })]);
    const job = await jobFinished(t, token, body.jobId);
    expect(job.status).toBe('Completed');
    const folder = (await t.api('GET', '/ingest/vendor-payment-data-folder', { token })).json as {
      files: {
        fileName: string;
        financialMonth: string;
        rows: number;
        baseTotal: string;
        tdsTotal: string;
      }[];
    };
    expect(folder.files).toEqual([
      expect.objectContaining({
        fileName: 'Payments April.txt',
        financialMonth: '2024-04',
        rows: 4,
        baseTotal: '225000.50',
        tdsTotal: '18500.05',
      }),
    ]);
  });

  it('searches by each filter, case-insensitively for text, exactly for amounts, and by date range', async () => {
    expect((await search({})).totalRecords).toBe(3);
    expect((await search({ vendorName: 'acme' })).records.map((r) => r.paymentNumber)).toEqual(['P001']);
    expect((await search({ sectionNumber: '194c' })).records.map((r) => r.vendorCode)).toEqual(['V002']);
    expect((await search({ baseAmount: '75000.50' })).records.map((r) => r.paymentNumber)).toEqual(['P003']);
    expect((await search({ tdsAmount: '1000' })).records.map((r) => r.paymentNumber)).toEqual(['P002']);
    expect((await search({ tdsRate: '10' })).totalRecords).toBe(2);
    expect((await search({ panNumber: 'aaapb' })).records.map((r) => r.paymentNumber)).toEqual(['P002']);
    expect((await search({ paymentDescription: 'rent' })).records.map((r) => r.paymentNumber)).toEqual([
      'P003',
    ]);
    expect((await search({ subSection: 'a' })).records.map((r) => r.paymentNumber)).toEqual(['P003']);
    expect((await search({ paymentNumber: 'P00' })).totalRecords).toBe(3);
    expect((await search({ paymentDate: '2024-04-10' })).records.map((r) => r.paymentNumber)).toEqual([
      'P002',
    ]);
    const range = await search({ paymentFromDate: '2024-04-06', paymentToDate: '2024-04-20' });
    expect(range.records.map((r) => r.paymentNumber)).toEqual(['P003', 'P002']);
    expect(range.records[0]).toMatchObject({
      paymentDate: '2024-04-20',
      baseAmount: '75000.50',
      tdsRate: '10',
    });
    const bad = await t.api('POST', '/search/vendor-payment', { token, body: { baseAmount: 'a lot' } });
    expect(bad.status).toBe(400);
  });

  it('refuses bad names and unusable files with the payment prefix, and deletes a file with its payments', async () => {
    const name = await upload('/ingest/vendor-payment/24-25/2024-04', 'pay%x.txt', PAYMENTS);
    expect(name.status).toBe(400);
    expect((name.json as { message: string }).message).toMatch(
      /^Error Uploading Payment Ledger - Invalid file name/,
    );
    const noDate = await upload(
      '/ingest/vendor-payment/24-25/2024-05',
      'May.txt',
      'Vendor Code\tBase Amount\nV1\t10\n',
    );
    expect(noDate.status).toBe(400);
    expect(noDate.json).toMatchObject({ code: 'PAYMENTS_UNUSABLE' });
    const again = await upload('/ingest/vendor-payment/24-25/2024-04', 'Payments April.txt', PAYMENTS);
    expect(again.status).toBe(409);
    const download = await t.api('GET', '/ingest/download-vendor-payment/24-25/2024-04/Payments April.txt', {
      token,
    });
    expect(download.json).toBe(PAYMENTS);
    const deleted = await t.api('DELETE', '/ingest/delete-vendor-payment/24-25/2024-04/Payments April.txt', {
      token,
    });
    expect(deleted.json).toEqual({ message: 'Payment Data Deleted' });
    expect((await search({})).totalRecords).toBe(0);
  });
});

describe('sales register in the payable folder', () => {
  it('keeps a sales register by year and lists, downloads and deletes it', async () => {
    const text = 'Voucher No\tDate\tCustomer\tAmount\nS1\t01-04-2024\tAcme\t100\nS2\t02-04-2024\tBeta\t200\n';
    const bad = await upload('/ingest/sales/24-25', 'sales%.txt', text);
    expect((bad.json as { message: string }).message).toMatch(
      /^Error Upload Sales Register - Invalid file name/,
    );
    const answer = await upload('/ingest/sales/24-25', 'Sales FY25.txt', text);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect((answer.json as { file: { rows: number; kind: string } }).file).toMatchObject({
      rows: 2,
      kind: 'sales',
    });
    const folder = (await t.api('GET', '/ingest/sales-register-data-folder?financialYear=24-25', { token }))
      .json as {
      files: { fileName: string }[];
    };
    expect(folder.files.map((f) => f.fileName)).toEqual(['Sales FY25.txt']);
    expect((await t.api('GET', '/ingest/download-sales/24-25/Sales FY25.txt', { token })).json).toBe(text);
    expect((await t.api('DELETE', '/ingest/delete-sales/24-25/Sales FY25.txt', { token })).status).toBe(200);
  });

  it('files a register loaded by the Upload Sales Register screen, with the rows its job loaded', async () => {
    const fixture = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures/sales-register.txt'),
    );
    const answer = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'sales-register.txt', content: fixture }],
      fields: { financialYear: '2024-25' },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const job = await jobFinished(t, token, (answer.json as { jobId: string }).jobId);
    expect(job.status).toBe('Completed');
    const folder = (await t.api('GET', '/ingest/sales-register-data-folder', { token })).json as {
      files: { fileName: string; financialYear: string; rows: number | null }[];
    };
    expect(folder.files).toEqual([
      expect.objectContaining({ fileName: 'sales-register.txt', financialYear: '2024-25', rows: 7 }),
    ]);
  });
});

describe('LDC certificates', () => {
  const LDC = [
    'Certificate Number,PAN Number,Vendor Code,Section Number,Sub Section,Rate,Amount Limit,Valid From,Valid To',
    'LDC001,AABCA1234F,V001,194J,b,2,"10,00,000.00",01-04-2024,31-03-2025',
    'LDC002,AAAPB1234C,,194C,,0.5,500000,2024-04-01,2024-09-30',
    'LDC003,AAGCG1234H,V003,194I,a,5,100000,2024-10-01,2024-04-01',
    'LDC004,NOTAPAN,V004,194C,,1,1000,2024-04-01,2025-03-31',
  ].join('\n');

  it('loads valid certificates in one go and lists the bad lines', async () => {
    const answer = await upload('/ingest/ingest-ltdc', 'ldc.csv', LDC);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const body = answer.json as { loaded: number; problems: Problem[]; message: string };
    expect(body.loaded).toBe(2);
    expect(body.problems.map((p) => [p.line, p.column])).toEqual(
      expect.arrayContaining([
        [4, 'validTo'],
        [5, 'PAN Number'],
      ]),
    );
    const rows = await t.server.ctx.db
      .selectFrom('ldc_certificates')
      .select(['certificate_number', 'rate', 'amount_limit', 'valid_to'])
      .where('entity_id', '=', entityId)
      .orderBy('certificate_number')
      .execute();
    expect(rows.map((r) => [r.certificate_number, Number(r.rate), r.amount_limit])).toEqual([
      ['LDC001', 2, '1000000.00'],
      ['LDC002', 0.5, '500000.00'],
    ]);
  });

  it('replaces a certificate loaded again under the same number', async () => {
    const revised = [
      'certificateNumber,panNumber,sectionNumber,rate,amountLimit,validFrom,validTo',
      'LDC002,AAAPB1234C,194C,1,750000,2024-04-01,2025-03-31',
    ].join('\n');
    const answer = await upload('/ingest/ingest-ltdc', 'ldc revised.csv', revised);
    expect(answer.status).toBe(200);
    const row = await t.server.ctx.db
      .selectFrom('ldc_certificates')
      .select(['rate', 'amount_limit'])
      .where('entity_id', '=', entityId)
      .where('certificate_number', '=', 'LDC002')
      .executeTakeFirstOrThrow();
    expect([Number(row.rate), row.amount_limit]).toEqual([1, '750000.00']);
    const count = await t.server.ctx.db
      .selectFrom('ldc_certificates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('entity_id', '=', entityId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('lists the loaded certificates with their validity against today', async () => {
    // one certificate running until 2099 and one starting then, beside the two of 2024-25
    const more = [
      'certificateNumber,panNumber,sectionNumber,rate,amountLimit,validFrom,validTo',
      'LDC-NOW,AABCA1234F,194J,1.5,250000,2020-04-01,2099-03-31',
      'LDC-LATER,AABCA1234F,194J,1,,2099-04-01,2100-03-31',
    ].join('\n');
    expect((await upload('/ingest/ingest-ltdc', 'ldc more.csv', more)).status).toBe(200);
    const list = await t.api('GET', '/ingest/ltdc-certificates', { token });
    expect(list.status).toBe(200);
    const body = list.json as {
      totalRecords: number;
      records: {
        certificateNumber: string;
        rate: string;
        amountLimit: string | null;
        validFrom: string;
        validTo: string;
        validity: string;
        fileName: string | null;
      }[];
    };
    expect(body.totalRecords).toBe(4);
    // the latest end of validity first
    expect(
      body.records.map((r) => [r.certificateNumber, Number(r.rate), r.amountLimit, r.validTo, r.validity]),
    ).toEqual([
      ['LDC-LATER', 1, null, '2100-03-31', 'not yet valid'],
      ['LDC-NOW', 1.5, '250000.00', '2099-03-31', 'valid'],
      ['LDC001', 2, '1000000.00', '2025-03-31', 'expired'],
      ['LDC002', 1, '750000.00', '2025-03-31', 'expired'],
    ]);
    expect(body.records.find((r) => r.certificateNumber === 'LDC001')?.fileName).toBe('ldc.csv');
    expect(body.records.find((r) => r.certificateNumber === 'LDC002')?.fileName).toBe('ldc revised.csv');
    await t.server.ctx.db
      .deleteFrom('ldc_certificates')
      .where('entity_id', '=', entityId)
      .where('certificate_number', 'in', ['LDC-NOW', 'LDC-LATER'])
      .execute();
  });

  it('refuses a file with no usable certificate, and a wrong type, changing nothing', async () => {
    const none = await upload(
      '/ingest/ingest-ltdc',
      'none.csv',
      'certificateNumber,panNumber\nX,AABCA1234F\n',
    );
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ code: 'LDC_UNUSABLE' });
    expect((none.json as { message: string }).message).toMatch(/^Error In File! - /);
    const pdf = await upload('/ingest/ingest-ltdc', 'ldc.pdf', LDC);
    expect(pdf.json).toMatchObject({ code: 'INVALID_FILE_TYPE' });
  });
});

describe('TAN-ITR report', () => {
  it('records the report and marks the vendors with those PANs as specified persons', async () => {
    await t.server.ctx.db
      .insertInto('vendors')
      .values([
        { entity_id: entityId, vendor_code: 'V001', vendor_name: 'Acme Services', pan_number: 'AABCA1234F' },
        { entity_id: entityId, vendor_code: 'V001B', vendor_name: 'Acme Branch', pan_number: 'AABCA1234F' },
        { entity_id: entityId, vendor_code: 'V002', vendor_name: 'Beta Logistics', pan_number: 'AAAPB1234C' },
        {
          entity_id: entityId,
          vendor_code: 'V003',
          vendor_name: 'Gamma Estates',
          pan_number: 'AAGCG1234H',
          compliance_206ab: true,
        },
      ])
      .execute();
    const report = [
      'PAN\tName\tSpecified Person (Yes/No)\tAs on Date\tFinancial Year',
      'AABCA1234F\tACME SERVICES\tYes\t01-04-2024\t2024-25',
      'AAGCG1234H\tGAMMA ESTATES\tNo\t01-04-2024\t2024-25',
      'AAAPB1234C\tBETA\tmaybe\t01-04-2024\t2024-25',
      'NOTAPAN\tX\tYes\t01-04-2024\t2024-25',
    ].join('\n');
    const answer = await upload('/ingest/ingest-tan-itr-report', 'tan itr.txt', report);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const body = answer.json as {
      loaded: number;
      vendorsMarked: number;
      problems: Problem[];
      message: string;
    };
    expect(body.loaded).toBe(2);
    expect(body.vendorsMarked).toBe(2);
    expect(body.message).toMatch(
      /2 vendor\(s\) marked as specified persons \(206AB\), 1 vendor\(s\) marked not specified/,
    );
    expect(body.problems.map((p) => p.line)).toEqual(expect.arrayContaining([4, 5]));
    const vendors = await t.server.ctx.db
      .selectFrom('vendors')
      .select(['vendor_code', 'compliance_206ab'])
      .where('entity_id', '=', entityId)
      .orderBy('vendor_code')
      .execute();
    expect(vendors.map((v) => [v.vendor_code, v.compliance_206ab])).toEqual([
      ['V001', true],
      ['V001B', true],
      ['V002', false],
      ['V003', false],
    ]);
    const reports = await t.server.ctx.db
      .selectFrom('tan_itr_reports')
      .select(['pan_number', 'specified_person', 'financial_year'])
      .where('entity_id', '=', entityId)
      .orderBy('pan_number')
      .execute();
    expect(reports).toEqual([
      { pan_number: 'AABCA1234F', specified_person: true, financial_year: '2024-25' },
      { pan_number: 'AAGCG1234H', specified_person: false, financial_year: '2024-25' },
    ]);
    const listed = (await t.api('GET', '/ingest/tan-itr-report', { token })).json as {
      totalRecords: number;
      records: { panNumber: string; specifiedPerson: boolean; asOfDate: string | null; vendors: number }[];
    };
    // specified persons first, with the vendors of the entity that carry each PAN
    expect(listed.totalRecords).toBe(2);
    expect(listed.records.map((r) => [r.panNumber, r.specifiedPerson, r.asOfDate, r.vendors])).toEqual([
      ['AABCA1234F', true, '2024-04-01', 2],
      ['AAGCG1234H', false, '2024-04-01', 1],
    ]);
    // the same report again updates, never duplicates
    expect((await upload('/ingest/ingest-tan-itr-report', 'tan itr.txt', report)).status).toBe(200);
    const again = await t.server.ctx.db
      .selectFrom('tan_itr_reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('entity_id', '=', entityId)
      .executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(2);
  });
});

describe('entity isolation', () => {
  it('another entity sees no payments or folder files and cannot delete them', async () => {
    const loaded = await upload('/ingest/vendor-payment/24-25/2024-04', 'Payments again.txt', PAYMENTS);
    expect(loaded.status, JSON.stringify(loaded.json)).toBe(200);
    await jobFinished(t, token, (loaded.json as { jobId: string }).jobId);
    const home = (await t.api('GET', '/entities', { token })).json as {
      id: string;
      subGroupId: string;
      current: boolean;
    }[];
    const current = home.find((x) => x.current);
    if (!current) throw new Error('no current entity');
    const other = (
      await t.api('PUT', '/legal-entity', {
        token,
        body: { name: 'Payments Branch', panNumber: 'AABCP1234Q' },
      })
    ).json as { id: string; subGroupId: string };
    await t.api('PUT', `/entity/${other.id}/${other.subGroupId}`, { token });
    try {
      expect((await search({})).totalRecords).toBe(0);
      expect(
        ((await t.api('GET', '/ingest/vendor-payment-data-folder', { token })).json as { files: unknown[] })
          .files,
      ).toEqual([]);
      const ldc = (await t.api('GET', '/ingest/ltdc-certificates', { token })).json as {
        totalRecords: number;
      };
      expect(ldc.totalRecords).toBe(0);
      const itr = (await t.api('GET', '/ingest/tan-itr-report', { token })).json as { totalRecords: number };
      expect(itr.totalRecords).toBe(0);
      const path = '/24-25/2024-04/Payments again.txt';
      expect((await t.api('DELETE', `/ingest/delete-vendor-payment${path}`, { token })).status).toBe(404);
      expect((await t.api('GET', `/ingest/download-vendor-payment${path}`, { token })).status).toBe(404);
    } finally {
      await t.api('PUT', `/entity/${current.id}/${current.subGroupId}`, { token });
    }
    expect((await search({})).totalRecords).toBe(3);
  });
});
