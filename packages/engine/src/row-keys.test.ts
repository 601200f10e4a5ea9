import { describe, expect, it } from 'vitest';
import { partyRowKeys } from './row-keys.ts';
import { credit, party, run, sale } from './test-helpers.ts';

describe('row keys for decisions', () => {
  it('depend on content, not on file, line, booking status or input order', () => {
    const a = party(
      run([sale('INV1', '2024-04-10', 1000, 100)], [credit('a.txt:1', '2024-04-12', 1000, 100)]),
    );
    const b = party(
      run(
        [sale('INV1', '2024-04-10', 1000, 100, { partyName: 'M/s Alpha Customer Ltd' })],
        [credit('26AS-new.txt:99', '2024-04-12', 1000, 100, { status: 'U', bookingDate: '2024-07-01' })],
      ),
    );
    expect(partyRowKeys(b)).toEqual(partyRowKeys(a));
    expect(partyRowKeys(a)).toEqual({
      book: ['INV1|2024-04-10|ALPHA CUSTOMER LTD|100000|10000#1'],
      taxBook: ['PNEA00001A|194J|2024-04-12|100000|10000#1'],
    });
  });

  it('number identical rows in content order', () => {
    const p = party(
      run(
        [],
        [
          credit('a.txt:2', '2024-04-12', 1000, 100, { status: 'U' }),
          credit('a.txt:1', '2024-04-12', 1000, 100),
        ],
      ),
    );
    expect(p.taxBook.map((e) => e.row.status)).toEqual(['F', 'U']);
    expect(partyRowKeys(p).taxBook.map((k) => k.slice(-2))).toEqual(['#1', '#2']);
  });
});
