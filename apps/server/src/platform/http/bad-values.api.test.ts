import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../../testing/server-per-file.ts';
import type { TestServer } from '../../testing/test-server.ts';

// Values a request carries that the database cannot take (a uuid that is
// not one, a date that is not on the calendar, a number out of range) answer
// 400 saying which value, never 500; and an own property of every object
// is not a column to sort by.
let t: TestServer;
let token: string;
serverPerFile({ work: false }, (server, adminToken) => {
  t = server;
  token = adminToken;
});

describe('request values the database refuses', () => {
  it('answers 400 for a job id that only begins like a uuid', async () => {
    const answer = await t.api('GET', '/reports/26as/aaaaaaaa-aaaa-x', { token });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'BAD_VALUE', message: expect.stringMatching(/uuid/) });
  });

  it('answers 400 for a search date that is not on the calendar', async () => {
    const answer = await t.api('POST', '/search/26as', { token, body: { startDate: '2024-02-30' } });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ message: expect.stringMatching(/Not a calendar date/) });
  });

  it("names the bad field of a value one of a union's members takes, not 'Invalid input'", async () => {
    const answer = await t.api('PUT', '/section-expense/update-section-expense-type', {
      token,
      body: { sectionexpensetypeid: 'shipped-0', sectionnumber: '194C', applicablefromdate: '2024-02-30' },
    });
    expect(answer.status).toBe(400);
    const { message, details } = answer.json as {
      message: string;
      details: { path: string; message: string }[];
    };
    expect(message).not.toBe('Invalid input');
    expect(details).toContainEqual({ path: '/applicablefromdate', message: 'Not a calendar date' });
    expect(details.map((d) => d.message)).not.toContain('Invalid input');
  });

  it("sorts a search by its first column when asked for 'constructor'", async () => {
    for (const sortBy of ['constructor', '__proto__', 'toString']) {
      const answer = await t.api('POST', '/search/26as', { token, body: { sortBy } });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ totalRecords: 0 });
    }
  });

  it('answers 400 for a sales row id past the bigint range', async () => {
    const answer = await t.api('PUT', '/ingest/sales?id=99999999999999999999&tdsAmount=1&tdsRate=1', {
      token,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'BAD_VALUE', message: expect.stringMatching(/out of range/) });
  });

  // PostgreSQL text cannot hold a NUL: each of these was a 500 with a level-50 log line
  it.each([
    [
      'a sign-in, without a token',
      'POST',
      '/login',
      { userId: 'a\u0000b', password: 'x' },
      false,
      /body value \/userId/,
    ],
    [
      'a path value, without a token',
      'GET',
      '/check-user-exist/a%00b',
      undefined,
      false,
      /path value \/userName/,
    ],
    [
      'a search body',
      'POST',
      '/search/sales',
      { customerName: 'a\u0000b' },
      true,
      /body value \/customerName/,
    ],
    [
      'a nested body value',
      'POST',
      '/master-data-management/customer',
      { customer: { customerName: 'a\u0000bc' } },
      true,
      /body value \/customer\/customerName/,
    ],
    [
      'a query value',
      'POST',
      '/job/bulk-email-form-16-a?vendorName=a%00b',
      undefined,
      true,
      /query value \/vendorName/,
    ],
  ])('answers 400 naming where a NUL character is: %s', async (_name, method, url, body, signedIn, where) => {
    const answer = await t.api(method as 'GET' | 'POST', url as string, {
      ...(signedIn ? { token } : {}),
      ...(body ? { body } : {}),
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'NUL_CHARACTER' });
    expect((answer.json as { message: string }).message).toMatch(where as RegExp);
  });

  it('names a download with a filter value outside Latin-1 in its UTF-8 filename*, not a 500', async () => {
    const response = await fetch(
      `${t.baseUrl}/taxrecon/api/v1/reports/26as/2024-25?tan=${encodeURIComponent('Zürich\u202e💩')}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("''")[1] ?? '')).toContain('Zürich\u202e💩');
  });

  // years, months and dates the API fuzzing found taken as any text (some answered 200 with nothing, one 500)
  it.each([
    ['a year past 2098', 'GET', '/tds-payable/months?financialYear=9999-00', undefined, 'financialYear'],
    ['a year before 2000', 'GET', '/tds-payable/months?financialYear=1899-00', undefined, 'financialYear'],
    ['month 0000-01', 'GET', '/34a/summary/2024-25/0000-01', undefined, 'month'],
    ['a search year that is not one', 'POST', '/search/26as', { financialYear: 'abc' }, 'financialYear'],
    [
      'a search year whose second year does not follow',
      'POST',
      '/search/26as',
      { financialYear: '2024-26' },
      'financialYear',
    ],
    [
      'month 13 in a bulk update',
      'PUT',
      '/smart-filters/update-discrepancies-bulk',
      { transactionStartDate: '2024-13-01' },
      'transactionStartDate',
    ],
    [
      '30 February as a payment date',
      'POST',
      '/search/vendor-payment',
      { paymentDate: '2024-02-30' },
      'paymentDate',
    ],
  ])('answers 400 naming the value for %s', async (_name, method, url, body, field) => {
    const answer = await t.api(method as 'GET' | 'POST' | 'PUT', url as string, {
      token,
      ...(body ? { body } : {}),
    });
    expect(answer.status).toBe(400);
    const { details } = answer.json as { details?: { path: string }[] };
    expect(details?.map((d) => d.path).join(' ')).toContain(field);
  });

  it('searches every year when the year picker is cleared', async () => {
    const answer = await t.api('POST', '/search/26as', { token, body: { financialYear: '' } });
    expect(answer.status).toBe(200);
  });

  it('finds the route of a download whose file name is longer than 100 characters', async () => {
    const name = `${'Expense ledger April 2024 '.repeat(6)}.xlsx`;
    const answer = await t.api('GET', `/ingest/download-expense/24-25/2024-04/${encodeURIComponent(name)}`, {
      token,
    });
    expect(answer.status).toBe(404);
    expect((answer.json as { message: string }).message).not.toContain('No such API route');
  });
});
