import { CONVERTER_SUBMITTED, DIFF_SUBMITTED, EMAIL_MISSING } from '@taxrecon/contracts';
import { splitRawParts } from '@taxrecon/formats';
import { type Entry, ERR_ENCRYPTED, Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNormalUser, registerUtilityUser } from '../../testing/accounts.ts';
import { laterParties, STATEMENT_PAN, statementText } from '../../testing/form-26as-statements.ts';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import {
  ADMIN,
  eventually,
  jobFinished,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';

// The 26AS converter and diff over HTTP with real mail: a local SMTP server
// receives the result, the test opens the zip with the password the user chose
// and reads the workbook as a person would.

let smtp: SmtpCapture;
let t: TestServer;
let admin: string;
let utility: string;
const ZIP_PASSWORD = 'Zip-secret-42';
const CONVERTER = '/apps/26as-converter';
const DIFF = '/apps/26as-diff';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url });
  admin = await t.login(ADMIN.email, ADMIN.password);
  utility = await registerUtilityUser(t, 'uma@utility.test', 'Utility-pass-1');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const attachmentOf = async (to: string, subject: RegExp) => {
  const mail = await smtp.waitFor(to, (body) => subject.test(body));
  const parsed = await parseMail(mail);
  expect(parsed.attachments).toHaveLength(1);
  return { parsed, attachment: parsed.attachments[0]! };
};

const zipEntries = async (zip: Uint8Array): Promise<Entry[]> =>
  new ZipReader(new Uint8ArrayReader(zip)).getEntries();

const entryBytes = (entry: Entry, password?: string): Promise<Uint8Array> => {
  if (entry.directory) throw new Error(`${entry.filename} is a directory`);
  return entry.getData(new Uint8ArrayWriter(), password === undefined ? {} : { password });
};

describe('26AS converter', () => {
  it('converts to Excel: a zip under the chosen password, one sheet per part, amounts as rupee numbers', async () => {
    const text = statementText();
    const answer = await t.upload(CONVERTER, {
      token: utility,
      files: [{ name: 'Form26AS_2024-25.txt', content: text }],
      fields: { format: 'excel', email: 'uma@utility.test', password: ZIP_PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ message: CONVERTER_SUBMITTED });
    const { jobId } = answer.json as { jobId: string };
    const job = await jobFinished(t, utility, jobId);
    expect(job.status).toBe('Completed');

    const { parsed, attachment } = await attachmentOf('uma@utility.test', /converted to Excel/);
    expect(parsed.subject).toBe('TaxRecon: 26AS converted to Excel');
    expect(attachment.filename).toBe('Form26AS_2024-25-excel.zip');
    const entries = await zipEntries(new Uint8Array(attachment.content));
    expect(entries.map((e) => e.filename)).toEqual(['Form26AS_2024-25.xlsx']);
    expect(entries[0]!.encrypted).toBe(true);
    await expect(entryBytes(entries[0]!)).rejects.toThrow(ERR_ENCRYPTED);
    await expect(entryBytes(entries[0]!, 'not-the-password')).rejects.toThrow();

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await entryBytes(entries[0]!, ZIP_PASSWORD)) as never);
    const parts = splitRawParts(text);
    expect(book.worksheets.map((w) => w.name)).toEqual(parts.map((p) => p.name));
    const partOne = book.getWorksheet('PART-I')!;
    expect(partOne.getCell('A1').value).toBe('PART-I - Details of Tax Deducted at Source');
    const alpha = partOne
      .getRows(1, partOne.rowCount)!
      .find((r) => r.getCell(2).value === 'ALPHA CUSTOMER LIMITED')!;
    expect(alpha.getCell(3).value).toBe('PNEA00001A');
    expect(alpha.getCell(8).value).toBe(250000);
    expect(alpha.getCell(8).numFmt).toContain('₹');
    const header = book.getWorksheet('Header')!;
    const values = header.getRows(1, header.rowCount)!.flatMap((r) => (r.values as unknown[]).slice(1));
    expect(values).toContain(STATEMENT_PAN);

    // the password is in no job listing, and left the queue's payload when the job ended
    const listed = JSON.stringify((await t.api('GET', `/job/${jobId}`, { token: utility })).json);
    expect(listed).not.toContain(ZIP_PASSWORD);
    const queued = await t.server.ctx.database.pool.query<{ data: unknown }>(
      'SELECT data FROM pgboss.job WHERE id = $1 UNION ALL SELECT data FROM pgboss.archive WHERE id = $1',
      [jobId],
    );
    expect(queued.rows.length).toBeGreaterThan(0);
    for (const row of queued.rows) expect(JSON.stringify(row.data)).not.toContain('sealedPassword');
    const stored = await t.server.ctx.db
      .selectFrom('jobs')
      .select('input')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.input)).not.toMatch(/password/i);
  });

  it('converts to csv: one file per part, the part heading first and its rows as printed', async () => {
    const text = statementText();
    const answer = await t.upload(CONVERTER, {
      token: admin,
      files: [{ name: 'statement.txt', content: text }],
      fields: { format: 'csv', email: 'csv@acme.test', password: ZIP_PASSWORD },
    });
    expect(answer.status).toBe(200);
    const { attachment } = await attachmentOf('csv@acme.test', /converted to CSV/);
    const entries = await zipEntries(new Uint8Array(attachment.content));
    const parts = splitRawParts(text);
    expect(entries.map((e) => e.filename)).toEqual(parts.map((p) => `statement_${p.name}.csv`));
    const partOne = new TextDecoder().decode(
      await entryBytes(entries.find((e) => e.filename === 'statement_PART-I.csv')!, ZIP_PASSWORD),
    );
    const lines = partOne.split('\r\n');
    expect(lines[0]).toBe('PART-I - Details of Tax Deducted at Source');
    expect(lines).toContain('1,ALPHA CUSTOMER LIMITED,PNEA00001A,,,,,250000.00,25000.00,25000.00');
    expect(lines).toContain(',1,194J,15-Apr-2024,F,28-Jul-2024,-,150000.00,15000.00,15000.00');
  });

  it.each([
    [{ format: 'excel', password: ZIP_PASSWORD }, 'EMAIL_MISSING', EMAIL_MISSING],
    [
      { format: 'excel', email: 'not-an-address', password: ZIP_PASSWORD },
      'INVALID_EMAIL',
      'Invalid Email Address',
    ],
    [{ format: 'excel', email: 'a@b.test' }, 'PASSWORD_MISSING', 'Password is missing'],
    [{ format: 'excel', email: 'a@b.test', password: 'short' }, 'WEAK_PASSWORD', '8 to 128 characters'],
    [
      { format: 'pdf', email: 'a@b.test', password: ZIP_PASSWORD },
      'BAD_FIELDS',
      'format=csv or format=excel',
    ],
  ])('refuses the request fields %j with %s', async (fields, code, message) => {
    const answer = await t.upload(CONVERTER, {
      token: utility,
      files: [{ name: 'statement.txt', content: statementText() }],
      fields: fields as Record<string, string>,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code, message: expect.stringContaining(message) });
  });

  it('refuses a file that is not a 26AS statement, naming the file and what was expected', async () => {
    const answer = await t.upload(CONVERTER, {
      token: utility,
      files: [{ name: 'ledger.txt', content: 'Voucher No\tDate\tAmount\n1\t01-04-2024\t100.00\n' }],
      fields: { format: 'csv', email: 'a@b.test', password: ZIP_PASSWORD },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'NOT_FORM_26AS',
      message: expect.stringMatching(
        /^ledger\.txt is not a Form 26AS text statement: expected .*Annual Tax Statement/,
      ),
    });
  });

  it('refuses another file type and a bad file name with the spec messages', async () => {
    const type = await t.upload(CONVERTER, {
      token: utility,
      files: [{ name: 'statement.csv', content: statementText() }],
      fields: { format: 'csv', email: 'a@b.test', password: ZIP_PASSWORD },
    });
    expect(type.status).toBe(400);
    expect(type.json).toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: 'statement.csv: only .txt files are accepted here.',
    });
    const name = await t.upload(CONVERTER, {
      token: utility,
      files: [{ name: '50%.txt', content: statementText() }],
      fields: { format: 'csv', email: 'a@b.test', password: ZIP_PASSWORD },
    });
    expect(name.status).toBe(400);
    expect(name.json).toMatchObject({
      code: 'INVALID_FILE_NAME',
      message:
        'Invalid file name. File names should not contain special characters like %, /, or directory traversal sequences.',
    });
  });
});

describe('26AS diff', () => {
  it('e-mails a workbook of the added, removed and changed credits per part, deductor and transaction', async () => {
    const answer = await t.upload(DIFF, {
      token: admin,
      files: [
        { name: 'june.txt', content: statementText() },
        { name: 'july.txt', content: statementText(laterParties()) },
      ],
      fields: { format: 'excel', email: 'diff@acme.test' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ message: DIFF_SUBMITTED });
    const job = await jobFinished(t, admin, (answer.json as { jobId: string }).jobId);
    expect(job.status).toBe('Completed');
    expect(job.remarks).toContain('1 transaction(s) added, 1 removed, 1 changed');

    const { parsed, attachment } = await attachmentOf('diff@acme.test', /26AS diff/);
    expect(parsed.subject).toBe(`TaxRecon: 26AS diff for ${STATEMENT_PAN}`);
    expect(attachment.filename).toBe(`26AS-diff-${STATEMENT_PAN}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment.content as never);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Deductors',
      'Part I (TDS)',
      'Part VI (TCS)',
      'Other parts',
    ]);
    const sheet = book.getWorksheet('Part I (TDS)')!;
    // dates are Excel dates (read back as UTC midnight), shown here as ISO text
    const rows = sheet
      .getRows(2, sheet.rowCount - 1)!
      .map((r) =>
        (r.values as unknown[])
          .slice(1, 18)
          .map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v)),
      );
    expect(rows).toEqual(
      expect.arrayContaining([
        // change, TAN, name, section, date, what changed, status old/new, booked old/new, remarks old/new,
        // amount old/new, tax old/new, deposited old
        [
          'Changed',
          'PNEA00001A',
          'ALPHA CUSTOMER LIMITED',
          '194J',
          '2025-03-31',
          'status, tax, bookingDate',
          'U',
          'F',
          undefined,
          '2025-05-15',
          undefined,
          undefined,
          100000,
          100000,
          10000,
          9000,
          10000,
        ],
        [
          'Removed',
          'DELG00003C',
          'GAMMA CONTRACTING CO',
          '194C',
          '2024-10-05',
          undefined,
          'F',
          undefined,
          '2025-01-30',
          undefined,
          undefined,
          undefined,
          40000,
          undefined,
          800,
          undefined,
          800,
        ],
        [
          'Added',
          'DELN09999Z',
          'NEW DEDUCTOR LTD',
          '194Q',
          '2025-03-01',
          undefined,
          undefined,
          'F',
          undefined,
          '2025-05-15',
          undefined,
          undefined,
          undefined,
          10000,
          undefined,
          10,
          undefined,
        ],
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(sheet.getColumn(13).numFmt).toContain('₹');
    expect(sheet.getColumn(5).numFmt).toBe('dd-mmm-yyyy');
  });

  it('answers 400 naming both PANs when the statements are of two PANs', async () => {
    const answer = await t.upload(DIFF, {
      token: admin,
      files: [
        { name: 'mine.txt', content: statementText() },
        { name: 'theirs.txt', content: statementText(undefined, 'BBBCZ1111Q') },
      ],
      fields: { email: 'diff@acme.test' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'PAN_MISMATCH',
      message: `The two statements are of different PANs: ${STATEMENT_PAN} (mine.txt) and BBBCZ1111Q (theirs.txt). Compare two downloads of one PAN.`,
    });
  });

  it.each([1, 3])('refuses %i file(s): exactly two are compared', async (count) => {
    const answer = await t.upload(DIFF, {
      token: admin,
      files: Array.from({ length: count }, (_, i) => ({ name: `s${i}.txt`, content: statementText() })),
      fields: { email: 'diff@acme.test' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'TWO_FILES_NEEDED',
      message: expect.stringContaining('exactly 2 .txt files'),
    });
  });

  it("answers 'Email is missing' without an e-mail address", async () => {
    const answer = await t.upload(DIFF, {
      token: admin,
      files: [
        { name: 'a.txt', content: statementText() },
        { name: 'b.txt', content: statementText() },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'EMAIL_MISSING', message: EMAIL_MISSING });
  });

  it('is for full users: a UTILITY-USER is refused (403), a NORMAL-USER may', async () => {
    const files = [
      { name: 'a.txt', content: statementText() },
      { name: 'b.txt', content: statementText() },
    ];
    const refused = await t.upload(DIFF, { token: utility, files, fields: { email: 'uma@utility.test' } });
    expect(refused.status).toBe(403);
    const normal = await createNormalUser(t, admin, 'nina@acme.test', 'Normal-pass-1');
    const allowed = await t.upload(DIFF, { token: normal, files, fields: { email: 'nina@acme.test' } });
    expect(allowed.status).toBe(200);
    const job = await jobFinished(t, normal, (allowed.json as { jobId: string }).jobId);
    expect(job.remarks).toContain('0 transaction(s) added, 0 removed, 0 changed');
    await eventually(async () =>
      smtp.inbox.some((m) => m.to.includes('nina@acme.test') && /26AS diff/.test(m.body)),
    );
  });
});
