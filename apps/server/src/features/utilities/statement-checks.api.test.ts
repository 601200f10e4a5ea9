import {
  emptyPartsAfterTcs,
  NO_TRANSACTIONS,
  PART_HEADINGS,
  partyHeaderLine,
  partyLine,
  statementHeaderLines,
  type TransactionLineValues,
  transactionHeaderLine,
  transactionLine,
} from '@taxrecon/formats';
import { type Entry, Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUtilityUser } from '../../testing/accounts.ts';
import { STATEMENT_PAN, statementText } from '../../testing/form-26as-statements.ts';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// The 26AS converter and diff on the statements that went wrong before
// (session 38's audit): a header without a valid PAN, reversals printed with
// grouping, two years of one PAN, an unreadable row, the parts not modelled,
// dates, and one self-registered user's jobs hidden from another. Over HTTP
// with real mail.

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
  utility = await registerUtilityUser(t, 'audit-uma@utility.test', 'Utility-pass-1');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const HEADER = {
  fileCreationDate: '2025-06-12',
  pan: STATEMENT_PAN,
  financialYearStart: 2024,
  name: 'UMA TRADERS PRIVATE LIMITED',
  address: ['1 SAMPLE ROAD', '', '', 'PUNE', 'PUNE'] as [string, string, string, string, string],
  state: 'MAHARASHTRA',
  pin: '411001',
};

const credit = (over: Partial<TransactionLineValues> = {}): TransactionLineValues => ({
  section: '194J',
  date: '2024-06-10',
  status: 'F',
  bookingDate: '2024-08-01',
  remarks: null,
  amount: 20_000_000,
  tax: 2_000_000,
  deposited: 2_000_000,
  ...over,
});

// A whole statement: header, PART-I with the given lines, parts II..X (Part IV as given).
const statement = (
  partOne: string[],
  options: { financialYearStart?: number; pan?: string; partFour?: string[] } = {},
): string =>
  `${[
    ...statementHeaderLines({
      ...HEADER,
      pan: options.pan ?? HEADER.pan,
      financialYearStart: options.financialYearStart ?? 2024,
    }),
    PART_HEADINGS.I,
    ...partOne,
    '',
    PART_HEADINGS.II,
    NO_TRANSACTIONS,
    '',
    PART_HEADINGS.III,
    NO_TRANSACTIONS,
    '',
    PART_HEADINGS.IV,
    ...(options.partFour ?? [NO_TRANSACTIONS]),
    '',
    PART_HEADINGS.V,
    NO_TRANSACTIONS,
    '',
    PART_HEADINGS.VI,
    NO_TRANSACTIONS,
    ...emptyPartsAfterTcs(),
  ].join('\r\n')}\r\n`;

// ALPHA: a credit of 2,00,000.00 and its reversal of 1,50,000.00 (remark B), amounts as given.
const reversalLines = (grouped: boolean): string[] => {
  const plus = credit();
  const minus = credit({ remarks: 'B', amount: -15_000_000, tax: -1_500_000, deposited: -1_500_000 });
  return [
    partyHeaderLine('TDS'),
    partyLine(
      1,
      'ALPHA CUSTOMER LIMITED',
      'PNEA00001A',
      { amount: 5_000_000, tax: 500_000, deposited: 500_000 },
      grouped,
    ),
    transactionHeaderLine('TDS'),
    transactionLine(1, plus, grouped),
    transactionLine(2, minus, grouped),
  ];
};

const simpleLines = (transactions: TransactionLineValues[]): string[] => {
  const sum = (k: 'amount' | 'tax' | 'deposited') => transactions.reduce((s, x) => s + x[k], 0);
  return [
    partyHeaderLine('TDS'),
    partyLine(1, 'ALPHA CUSTOMER LIMITED', 'PNEA00001A', {
      amount: sum('amount'),
      tax: sum('tax'),
      deposited: sum('deposited'),
    }),
    transactionHeaderLine('TDS'),
    ...transactions.map((x, i) => transactionLine(i + 1, x)),
  ];
};

const zipEntries = async (zip: Uint8Array): Promise<Entry[]> =>
  new ZipReader(new Uint8ArrayReader(zip)).getEntries();

const entryBytes = (entry: Entry, password: string): Promise<Uint8Array> => {
  if (entry.directory) throw new Error(`${entry.filename} is a directory`);
  return entry.getData(new Uint8ArrayWriter(), { password });
};

const mailedAttachment = async (to: string, subject: RegExp) => {
  const mail = await smtp.waitFor(to, (body) => subject.test(body));
  const parsed = await parseMail(mail);
  return parsed.attachments[0]!;
};

const convert = async (text: string, format: 'csv' | 'excel', email: string, name = 'statement.txt') => {
  const answer = await t.upload(CONVERTER, {
    token: utility,
    files: [{ name, content: text }],
    fields: { format, email, password: ZIP_PASSWORD },
  });
  expect(answer.status).toBe(200);
  const job = await jobFinished(t, utility, (answer.json as { jobId: string }).jobId);
  expect(job.status).toBe('Completed');
  const attachment = await mailedAttachment(
    email,
    format === 'csv' ? /converted to CSV/ : /converted to Excel/,
  );
  return zipEntries(new Uint8Array(attachment.content));
};

describe('26AS converter: what it refuses and how it writes reversals', () => {
  // Brief: "bad input gets a 4xx with a clear specific error (which file, line,
  // what was expected), never a 500, never a green success". statement-check.ts
  // looks for the header's PAN problem in result.errors, but the parser files it
  // under warnings, so a statement whose header PAN is not a PAN is accepted.
  it('refuses a statement whose header PAN is not a valid PAN, naming the file and line', async () => {
    const text = statementText().replace(STATEMENT_PAN, 'NOT-A-PAN');
    const answer = await t.upload(CONVERTER, {
      token: utility,
      files: [{ name: 'badpan.txt', content: text }],
      fields: { format: 'csv', email: 'audit-badpan@utility.test', password: ZIP_PASSWORD },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'NOT_FORM_26AS',
      message: expect.stringMatching(/^badpan\.txt, line 4: .*NOT-A-PAN/),
    });
  });

  // DOMAIN 2: "Amounts can be negative (reversals)"; TRACES prints amounts with
  // lakh grouping too. The csv writer's formula guard treats "-1,50,000.00" as a
  // formula and writes it as "'-1,50,000.00": the reversal is no longer an amount.
  it('writes a grouped negative amount (a reversal) to csv as an amount, not as quoted text', async () => {
    const entries = await convert(statement(reversalLines(true)), 'csv', 'audit-csv@utility.test');
    const partOne = new TextDecoder().decode(
      await entryBytes(entries.find((e) => e.filename === 'statement_PART-I.csv')!, ZIP_PASSWORD),
    );
    const reversal = partOne.split('\r\n').find((l) => l.startsWith(',2,194J,'))!;
    expect(reversal).toBeDefined();
    expect(reversal).not.toContain("'-");
    expect(reversal).toContain('"-1,50,000.00"');
  });
});

describe('26AS diff: years, unreadable rows, other parts and dates', () => {
  const diff = async (first: string, second: string, email: string) => {
    const answer = await t.upload(DIFF, {
      token: admin,
      files: [
        { name: 'june.txt', content: first },
        { name: 'july.txt', content: second },
      ],
      fields: { email },
    });
    return answer;
  };

  // Brief: "a second file that is ... for another PAN/year" gets a 4xx. Only the
  // PAN is compared (service.ts startDiff); two years of one PAN are diffed and
  // every credit of both years is reported as added or removed.
  it('refuses two statements of one PAN for two different financial years', async () => {
    const answer = await diff(
      statement(simpleLines([credit()])),
      statement(simpleLines([credit({ date: '2023-06-10', bookingDate: '2023-08-01' })]), {
        financialYearStart: 2023,
      }),
      'audit-years@acme.test',
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toMatch(/2024-25|2024-2025/);
    expect(JSON.stringify(answer.json)).toMatch(/2023-24|2023-2024/);
  });

  // A transaction row of the later statement whose amount cannot be read is
  // left out by the parser: the diff used to report the credit as "removed"
  // and finish Completed. It fails, naming the file and the line.
  it('does not report a credit as removed when the later statement has an unreadable row there', async () => {
    const first = statement(simpleLines([credit()]));
    const second = first.replace('^F^01-Aug-2024^-^200000.00^', '^F^01-Aug-2024^-^2OOOOO.OO^');
    expect(second).not.toBe(first);
    const badLine = second.split('\r\n').findIndex((l) => l.includes('2OOOOO.OO')) + 1;
    const answer = await diff(first, second, 'audit-unreadable@acme.test');
    expect(answer.status).toBe(200);
    const job = await jobFinished(t, admin, (answer.json as { jobId: string }).jobId, 90_000);
    expect(job.status, job.remarks).toBe('Failed');
    expect(`${job.remarks} ${(job as { failureReason?: string }).failureReason ?? ''}`).toMatch(
      new RegExp(`july\\.txt, line ${badLine}: .*2OOOOO\\.OO`),
    );
  }, 120_000);

  // DOMAIN 2: "A populated part the parser does not model is reported, never
  // dropped." The diff only looks at Part I and Part VI: a 194IA credit that
  // appears in Part IV of the later statement is not in the e-mailed workbook.
  it('reports a change in Part IV (194IA, sale of property) between the two statements', async () => {
    const partFour = [
      'Sr. No.^Acknowledgement Number^Name of Deductor^PAN of Deductor^Transaction Date^Total Transaction Amount(Rs.)^Total TDS Deposited(Rs.)',
      '1^AB1234567^RAVI KUMAR^ABCPK1234L^12-Jan-2025^5000000.00^50000.00^',
    ];
    const lines = simpleLines([credit()]);
    const answer = await diff(statement(lines), statement(lines, { partFour }), 'audit-part4@acme.test');
    expect(answer.status).toBe(200);
    const job = await jobFinished(t, admin, (answer.json as { jobId: string }).jobId);
    expect(job.status).toBe('Completed');
    const attachment = await mailedAttachment('audit-part4@acme.test', /26AS diff/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment.content as never);
    const texts: string[] = [];
    for (const ws of book.worksheets) {
      texts.push(ws.name);
      ws.eachRow((row) => row.eachCell((c) => texts.push(String(c.value))));
    }
    expect(texts.some((x) => /part[\s-]*iv\b/i.test(x))).toBe(true);
  });

  // DOMAIN 2 prints transaction dates as 23-Sep-2025; the product's other
  // workbooks store dates as Excel dates (follow-up-xlsx.ts, 'dd-mmm-yyyy').
  // The diff workbook writes them as ISO text ('2025-03-31').
  it('writes transaction dates in the diff workbook as Excel dates, not text', async () => {
    const answer = await diff(
      statement(simpleLines([credit()])),
      statement(simpleLines([credit({ tax: 1_900_000 })])),
      'audit-dates@acme.test',
    );
    expect(answer.status).toBe(200);
    await jobFinished(t, admin, (answer.json as { jobId: string }).jobId);
    const attachment = await mailedAttachment('audit-dates@acme.test', /26AS diff/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment.content as never);
    const sheet = book.getWorksheet('Part I (TDS)')!;
    expect(sheet.getCell('E1').value).toBe('Transaction date');
    expect(sheet.getCell('E2').value).toBeInstanceOf(Date);
  });
});

describe('self-registered utility users', () => {
  // Spec part 3: "UTILITY-USER and any other role reach only /utilities,
  // /profile and /26as_converter"; self-registered users are strangers to each
  // other, yet all share the utility tenant's one entity, and jobs are scoped
  // by entity only (features/jobs/routes.ts entityJobs). One utility user reads
  // another's converter job: her login and the address the result went to.
  it("does not show one self-registered utility user's converter job to another", async () => {
    const other = await registerUtilityUser(t, 'audit-other@utility.test', 'Utility-pass-2');
    const answer = await t.upload(CONVERTER, {
      token: other,
      files: [{ name: 'Form26AS_private.txt', content: statementText() }],
      fields: { format: 'csv', email: 'audit-other-private@utility.test', password: ZIP_PASSWORD },
    });
    expect(answer.status).toBe(200);
    const jobId = (answer.json as { jobId: string }).jobId;
    await jobFinished(t, other, jobId);
    const seen = await t.api('GET', `/job/${jobId}`, { token: utility });
    expect(seen.status).toBe(404);
    const queue = await t.api('GET', '/job/jobs-queue', { token: utility });
    expect(JSON.stringify(queue.json)).not.toContain('audit-other-private@utility.test');
  });
});
