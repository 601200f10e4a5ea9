import {
  API_BASE,
  FORM16A_MANDATORY,
  type Form16aBulkResult,
  type Form16aSearchResponse,
  VENDOR_NOT_FOUND_FOR_PAN,
} from '@taxrecon/contracts';
import { TextReader, Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { SAMPLE_VENDORS, samplePdf } from './sample-certificates.ts';

const { BLUE, GREEN, GREY } = SAMPLE_VENDORS;

let t: TestServer;
let smtp: SmtpCapture;
let admin: string;

const STRANGER = { pan: 'AAACZ9999Z', name: 'Not In Master Pvt Ltd' };

const addVendor = async (v: { pan: string; name: string; code: string; email: string | null }) => {
  const answer = await t.api('POST', '/master-data-management/vendor', {
    token: admin,
    body: {
      vendor: {
        vendorCode: v.code,
        vendorName: v.name,
        panNumber: v.pan,
        ...(v.email ? { contactEmail: v.email } : {}),
      },
    },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
};

const uploadOne = (name: string, content: Uint8Array | string, fields: Record<string, string>) =>
  t.upload('/ingest/ingest-form-16-a', { token: admin, files: [{ name, content }], fields });

const fieldsFor = (v: { pan: string; email: string | null }, financialYear = '2024-25', quarter = 'Q1') => ({
  financialYear,
  quarter,
  panNumber: v.pan,
  email: v.email ?? 'someone@vendor.test',
});

const search = async (query = '', token = admin) => {
  const answer = await t.api('GET', `/document-management/search-form-16-a${query}`, { token });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as Form16aSearchResponse;
};

const download = async (fileName: string, token = admin) =>
  fetch(`${t.baseUrl}${API_BASE}/document-management/form-16-a/${encodeURIComponent(fileName)}`, {
    headers: { authorization: `Bearer ${token}` },
  });

const zipOf = async (files: { name: string; content: Uint8Array | string }[]): Promise<Uint8Array> => {
  const zip = new ZipWriter(new Uint8ArrayWriter());
  for (const f of files) {
    await zip.add(
      f.name,
      typeof f.content === 'string' ? new TextReader(f.content) : new Uint8ArrayReader(f.content),
    );
  }
  return zip.close();
};

const blueQ1 = await samplePdf(BLUE, '2024-25', 'Q1');

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url });
  admin = await t.login(ADMIN.email, ADMIN.password);
  for (const v of [BLUE, GREEN, GREY]) await addVendor(v);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('uploading one Form 16A', () => {
  it('reads the PDF, records it under the vendor, and gives the same bytes back', async () => {
    const answer = await uploadOne('blue-q1.pdf', blueQ1, fieldsFor(BLUE));
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({
      error: null,
      record: {
        vendorName: BLUE.name,
        vendorCode: BLUE.code,
        vendorPan: BLUE.pan,
        financialYear: '2024-25',
        quarter: 'Q1',
        fileName: 'blue-q1.pdf',
        email: BLUE.email,
        deductorTan: 'MUMA12345B',
        amountPaid: '173456.00',
        taxDeducted: '3469.12',
      },
    });
    const pdf = await download('blue-q1.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(blueQ1)).toBe(true);
  });

  it('takes only PDF files', async () => {
    const answer = await uploadOne('blue-q1.txt', 'FORM NO. 16A', fieldsFor(BLUE));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: 'blue-q1.txt: only .pdf files are accepted here.',
    });
  });

  it.each([
    ['no e-mail', { ...fieldsFor(BLUE), email: '' }, 'no e-mail'],
    ['no quarter', { ...fieldsFor(BLUE), quarter: '' }, 'no quarter'],
    ['a quarter that is not one', { ...fieldsFor(BLUE), quarter: 'Q9' }, "'Q9' is not a quarter (Q1 to Q4)"],
    [
      'a PAN that is not one',
      { ...fieldsFor(BLUE), panNumber: 'AAACB1234' },
      "'AAACB1234' is not a valid PAN",
    ],
    [
      'a year that is not one',
      { ...fieldsFor(BLUE), financialYear: '2024-26' },
      "'2024-26' is not a financial year (yyyy-yy, e.g. 2024-25)",
    ],
  ])('asks for the mandatory fields when given %s, saying which', async (_name, fields, which) => {
    const answer = await uploadOne('blue-q1.pdf', blueQ1, fields);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ message: `${FORM16A_MANDATORY}: ${which}.` });
  });

  it('refuses a PAN that is not in the vendor master', async () => {
    const answer = await uploadOne('x.pdf', await samplePdf(STRANGER, '2024-25', 'Q1'), {
      ...fieldsFor(BLUE),
      panNumber: STRANGER.pan,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ message: VENDOR_NOT_FOUND_FOR_PAN });
  });

  it("refuses a certificate of another vendor's PAN, naming both", async () => {
    const answer = await uploadOne('green-q1.pdf', await samplePdf(GREEN, '2024-25', 'Q1'), fieldsFor(BLUE));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'PAN_MISMATCH',
      message: `green-q1.pdf is a certificate for the deductee PAN ${GREEN.pan}, but the chosen vendor's PAN is ${BLUE.pan}.`,
    });
  });

  it('refuses a certificate of another year or quarter, naming both', async () => {
    const answer = await uploadOne(
      'blue-q2.pdf',
      await samplePdf(BLUE, '2024-25', 'Q2'),
      fieldsFor(BLUE, '2023-24', 'Q2'),
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'PERIOD_MISMATCH',
      message: 'blue-q2.pdf is for FY 2024-25 Q2, but FY 2023-24 Q2 was chosen.',
    });
  });

  it('refuses a PDF that cannot be read, with the reason', async () => {
    const answer = await uploadOne('broken.pdf', '%PDF-1.4\nthis is not really a pdf', fieldsFor(BLUE));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'UNREADABLE_FORM16A',
      message: expect.stringMatching(/^broken\.pdf: the PDF cannot be read/),
    });
  });
});

describe('a bulk upload of a zip of PDFs', () => {
  let result: Form16aBulkResult;

  beforeAll(async () => {
    const zip = await zipOf([
      { name: 'certs/blue-q2.pdf', content: await samplePdf(BLUE, '2024-25', 'Q2') },
      { name: 'certs/green-q1.pdf', content: await samplePdf(GREEN, '2024-25', 'Q1') },
      { name: 'certs/green-q1-2023.pdf', content: await samplePdf(GREEN, '2023-24', 'Q1') },
      { name: 'certs/grey-q3.pdf', content: await samplePdf(GREY, '2024-25', 'Q3') },
      { name: 'certs/corrupt.pdf', content: '%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage' },
      { name: 'certs/stranger-q1.pdf', content: await samplePdf(STRANGER, '2024-25', 'Q1') },
    ]);
    const answer = await t.upload('/ingest/bulk-form16a', {
      token: admin,
      files: [{ name: 'form16a-2024.zip', content: zip }],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { jobId } = answer.json as { jobId: string };
    const job = await jobFinished(t, admin, jobId);
    expect(job.status, job.remarks).toBe('Completed');
    expect(job.remarks).toBe('4 of 6 Form 16A certificate(s) loaded; 2 file(s) left out');
    result = (await t.api('GET', `/document-management/bulk-form-16-a/${jobId}`, { token: admin }))
      .json as Form16aBulkResult;
  });

  it('lists the unreadable PDF and the unknown PAN with their reasons', () => {
    expect(result).toMatchObject({
      status: 'Completed',
      zipName: 'form16a-2024.zip',
      filesRead: 6,
      loaded: 4,
    });
    expect(result.rejected).toEqual([
      { fileName: 'certs/corrupt.pdf', reason: expect.stringMatching(/^the PDF cannot be read/) },
      {
        fileName: 'certs/stranger-q1.pdf',
        reason: `no vendor with the deductee PAN ${STRANGER.pan} in the Vendor Master`,
      },
    ]);
  });

  it('loads the rest, each under the vendor its PAN names', async () => {
    const all = await search();
    expect(all.totalRecords).toBe(5);
    expect(all.records.map((r) => [r.fileName, r.vendorPan, r.financialYear, r.quarter]).sort()).toEqual(
      [
        ['blue-q1.pdf', BLUE.pan, '2024-25', 'Q1'],
        ['blue-q2.pdf', BLUE.pan, '2024-25', 'Q2'],
        ['green-q1-2023.pdf', GREEN.pan, '2023-24', 'Q1'],
        ['green-q1.pdf', GREEN.pan, '2024-25', 'Q1'],
        ['grey-q3.pdf', GREY.pan, '2024-25', 'Q3'],
      ].sort(),
    );
    const list = (await t.api('GET', '/document-management/form-16-a', { token: admin }))
      .json as Form16aSearchResponse;
    expect(list.totalRecords).toBe(5);
  });

  it('refuses a file that is no zip at once', async () => {
    const answer = await t.upload('/ingest/bulk-form16a', {
      token: admin,
      files: [{ name: 'not.zip', content: 'plain text' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'INVALID_ZIP' });
    expect((answer.json as { message: string }).message).toMatch(
      /^not\.zip is not a readable zip file \(.+\)\.$/,
    );
  });

  it('says why a zip with an entry that climbs out of its folder is refused', async () => {
    // a zip whose only entry is named ../../etc/evil.txt, written by hand: zip
    // writers refuse to make one
    const name = Buffer.from('../../etc/evil.txt');
    const data = Buffer.from('x');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(0x8cdc1683, 14); // crc32 of 'x'
    local.writeUInt32LE(1, 18);
    local.writeUInt32LE(1, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(0x8cdc1683, 16);
    central.writeUInt32LE(1, 20);
    central.writeUInt32LE(1, 24);
    central.writeUInt16LE(name.length, 28);
    const centralAt = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(centralAt, 16);
    const zip = Buffer.concat([local, name, data, central, name, end]);
    const answer = await t.upload('/ingest/bulk-form16a', {
      token: admin,
      files: [{ name: 'climbs.zip', content: zip }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'INVALID_ZIP',
      message: 'climbs.zip is not a readable zip file (Unsafe filename).',
    });
  });
});

describe('a bulk upload with no certificate in it', () => {
  it('finishes as a load that loaded nothing, which the user is warned of', async () => {
    const zip = await zipOf([{ name: 'readme.txt', content: 'not a certificate' }]);
    const answer = await t.upload('/ingest/bulk-form16a', {
      token: admin,
      files: [{ name: 'no-pdfs.zip', content: zip }],
    });
    expect(answer.status).toBe(200);
    const job = await jobFinished(t, admin, (answer.json as { jobId: string }).jobId);
    expect(job.status).toBe('Completed');
    expect(job.outcome).toBe('NothingLoaded');
  });
});

describe('searching, e-mailing', () => {
  it.each([
    [`?vendorPan=${GREEN.pan.toLowerCase()}`, ['green-q1-2023.pdf', 'green-q1.pdf']],
    ['?vendorName=blue%20dart', ['blue-q1.pdf', 'blue-q2.pdf']],
    ['?quarter=Q1&financialYear=2024-25', ['blue-q1.pdf', 'green-q1.pdf']],
    ['?financialYear=2023-24', ['green-q1-2023.pdf']],
    ['?vendorName=nobody', []],
  ])('filters by %s', async (query, files) => {
    expect((await search(query)).records.map((r) => r.fileName).sort()).toEqual(files);
  });

  it('e-mails one certificate with its PDF attached', async () => {
    const answer = await t.api('PUT', '/document-management/email-form-16-a', {
      token: admin,
      body: { fileName: 'blue-q1.pdf', email: 'ap@receiver.test' },
    });
    expect(answer.json).toEqual({ status: 'success', message: 'Email Sent' });
    const mail = await parseMail(await smtp.waitFor('ap@receiver.test'));
    expect(mail.subject).toBe('Form 16A for FY 2024 - 2025 Q1 from Head Office');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['blue-q1.pdf', 'application/pdf'],
    ]);
    expect(mail.attachments[0]?.content.equals(blueQ1)).toBe(true);
  });

  it('answers 404 for a certificate that does not exist', async () => {
    const answer = await t.api('PUT', '/document-management/email-form-16-a', {
      token: admin,
      body: { fileName: 'nothing.pdf', email: 'ap@receiver.test' },
    });
    expect(answer.status).toBe(404);
  });

  it('names the PANs of matching vendors without a contact e-mail', async () => {
    const stats = await t.api(
      'GET',
      '/document-management/email-prompt-stats-form-16-a?financialYear=2024-25',
      { token: admin },
    );
    expect(stats.json).toEqual({ missingEmails: [GREY.pan] });
    const q1 = await t.api('GET', '/document-management/email-prompt-stats-form-16-a?quarter=Q1', {
      token: admin,
    });
    expect(q1.json).toEqual({ missingEmails: [] });
  });

  it('bulk e-mails each vendor its certificates and skips the vendor without an address', async () => {
    const answer = await t.api('POST', '/job/bulk-email-form-16-a?financialYear=2024-25', { token: admin });
    expect(answer.json).toMatchObject({ error: null, message: 'Job submitted successfully' });
    const job = await jobFinished(t, admin, (answer.json as { jobId: string }).jobId);
    expect(job.remarks).toBe(
      `2 vendor(s) e-mailed their Form 16A; 1 skipped without a contact e-mail (${GREY.pan})`,
    );
    const blue = await parseMail(
      await smtp.waitFor(BLUE.email, (body) => body.includes('certificates from')),
    );
    expect(blue.attachments.map((a) => a.filename).sort()).toEqual(['blue-q1.pdf', 'blue-q2.pdf']);
    const green = await parseMail(
      await smtp.waitFor(GREEN.email, (body) => body.includes('certificates from')),
    );
    expect(green.attachments.map((a) => a.filename)).toEqual(['green-q1.pdf']);
  });
});

describe('entity isolation', () => {
  it("another entity of the tenant sees none of this entity's certificates", async () => {
    const created = await t.api('PUT', '/legal-entity', { token: admin, body: { name: 'Pune Branch' } });
    const pune = created.json as { id: string; subGroupId: string };
    const entities = (await t.api('GET', '/entities', { token: admin })).json as {
      id: string;
      subGroupId: string;
    }[];
    const home = entities.find((e) => e.id !== pune.id);
    expect((await t.api('PUT', `/entity/${pune.id}/${pune.subGroupId}`, { token: admin })).status).toBe(200);
    try {
      expect((await search()).totalRecords).toBe(0);
      expect((await download('blue-q1.pdf')).status).toBe(404);
      const mail = await t.api('PUT', '/document-management/email-form-16-a', {
        token: admin,
        body: { fileName: 'blue-q1.pdf', email: 'ap@receiver.test' },
      });
      expect(mail.status).toBe(404);
      // the vendor master is per entity too: Blue Dart is unknown here
      const upload = await uploadOne('blue-q1.pdf', blueQ1, fieldsFor(BLUE));
      expect(upload.json).toMatchObject({ message: VENDOR_NOT_FOUND_FOR_PAN });
    } finally {
      if (home) await t.api('PUT', `/entity/${home.id}/${home.subGroupId}`, { token: admin });
    }
  });

  it('refuses a user without the Form 16A permission', async () => {
    const user = await t.server.ctx.db
      .selectFrom('users')
      .select(['id', 'permissions'])
      .where('login', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    await t.server.ctx.db
      .updateTable('users')
      .set({ permissions: user.permissions.filter((p) => p !== 'FORM16A_MANAGEMENT') })
      .where('id', '=', user.id)
      .execute();
    try {
      const answer = await t.api('GET', '/document-management/search-form-16-a', { token: admin });
      expect(answer.status).toBe(403);
    } finally {
      await t.server.ctx.db
        .updateTable('users')
        .set({ permissions: user.permissions })
        .where('id', '=', user.id)
        .execute();
    }
  });
});
