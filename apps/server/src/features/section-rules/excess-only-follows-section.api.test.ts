import type { SectionExpenseTypeRow } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { loadSectionTypes } from '../payable/inputs/section-types.ts';

// DOMAIN 7.5: only 194Q (and 194N) tax just the part of the year's aggregate
// above the threshold; every other section, once the annual threshold is
// crossed, taxes the whole year. A section expense type's "excess only" mark
// follows its section: edited to another section, the row must lose it (the
// upload already sets it from the section), or the 34A run computes the new
// section's tax on the excess alone (docs/decisions.md, session 39).

let t: TestServer;
let token: string;
let entityId: string;

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
  const admin = await t.server.ctx.db
    .selectFrom('users')
    .select(['current_entity_id'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  entityId = admin.current_entity_id!;
});
afterAll(async () => {
  await t?.close();
});

describe('a section expense type edited to another section', () => {
  it('is excess-only as its new section is, not as its old one was', async () => {
    const found = await t.api('POST', '/search/SectionExpenseTypeMapping', {
      token,
      body: { sectionNumber: '194Q' },
    });
    expect(found.status).toBe(200);
    const row = (found.json as SectionExpenseTypeRow[])[0]!;
    const { source: _s, shipped: _sh, ...rest } = row;
    const edit = await t.api('PUT', '/section-expense/update-section-expense-type', {
      token,
      body: { ...rest, sectionnumber: '194C', subsection: null, expensetype: 'Works contract' },
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    const types = await loadSectionTypes(t.server.ctx.database.pool, entityId);
    const edited = types.find((x) => x.expenseType === 'Works contract');
    expect(edited?.section).toBe('194C');
    expect(edited?.excessOnly ?? false).toBe(false);
    // the shipped 194N row keeps its mark
    expect(types.find((x) => x.section === '194N')?.excessOnly).toBe(true);
  });
});
