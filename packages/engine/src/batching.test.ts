import { describe, expect, it } from 'vitest';
import { planReconciliation } from './plan.ts';
import { assembleResult, reconcile, reconcileParties } from './reconcile.ts';
import { toReport } from './report.ts';
import { BETA, credit, input, sale } from './test-helpers.ts';

const data = () =>
  input(
    [
      sale('A1', '2024-05-01', 1000, 100),
      sale('A2', '2024-05-09', 2000, 200),
      sale('B1', '2024-06-01', 3000, 300, { partyName: 'Beta Buyer LLP', tan: BETA.tan }),
    ],
    [
      credit('a.txt:1', '2024-05-03', 3000, 300),
      credit('b.txt:1', '2024-06-02', 3000, 300, { tan: BETA.tan!, name: 'BETA BUYER LLP' }),
    ],
  );

describe('batches and progress', () => {
  it('reports progress per party and ends at the total', () => {
    const calls: [number, number][] = [];
    reconcile(data(), { onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('gives the same result when parties are reconciled in separate batches, in any order', () => {
    const whole = reconcile(data());
    const plan = planReconciliation(data());
    // Each batch is plain data: it survives the structured clone a worker thread needs.
    const batches = plan.work.map((w) => structuredClone([w]));
    const parts = batches
      .reverse()
      .flatMap((b) => reconcileParties(b, structuredClone({ ...plan, work: [] })));
    const { work: _work, ...meta } = plan;
    const joined = assembleResult(meta, parts);
    expect(toReport(joined)).toEqual(toReport(whole));
    expect(joined.summary).toEqual(whole.summary);
  });
});
