import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmallBooks, reconcileSmall, SMALL_YEAR } from '../../testing/small-reconciliation.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Session 39: a smart filter's orderBy named its field by looking it up on a
// plain object, so a name every object has ('constructor', 'toString',
// '__proto__') was taken for a field: its missing SQL became a parameter,
// the list came back in no asked order and the answer said nothing. Only the
// catalogue's own fields sort; anything else is a 400 naming it, as session
// 33 did for the searches' sortBy.

let t: TestServer;
let token: string;
let jobId: string;

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  await loadSmallBooks(t, token);
  jobId = await reconcileSmall(t, token);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const filterPath = (orderBy: string) =>
  `/smart-filters/entityId/${jobId}/${SMALL_YEAR}?query=${encodeURIComponent(
    JSON.stringify({
      filter: 'matchedPercentageBelow',
      conditions: [{ field: 'matchedPercentage', operator: '<', value: '101' }],
    }),
  )}&orderBy=${encodeURIComponent(orderBy)}`;

describe("a smart filter's orderBy", () => {
  it.each(['constructor:DESC', 'toString', '__proto__ ASC', 'hasOwnProperty'])(
    'refuses %s as no field, with 400',
    async (orderBy) => {
      const answer = await t.api('GET', filterPath(orderBy), { token });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({
        code: 'INVALID_ORDER',
        message: expect.stringContaining('cannot sort by'),
      });
    },
  );

  it('sorts by a field of the catalogue', async () => {
    const answer = await t.api('GET', filterPath('difference:DESC'), { token });
    expect(answer.status).toBe(200);
  });
});
