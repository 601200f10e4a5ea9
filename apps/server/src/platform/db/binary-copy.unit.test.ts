import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BINARY_HEADER, isoDays, TupleWriter, uuidBytes, wholeTuplesEnd } from './binary-copy.ts';

// Reads back one field of a tuple the writer made: its length and bytes.
const fields = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getInt16(0);
  const out: (Uint8Array | null)[] = [];
  let at = 2;
  for (let i = 0; i < count; i++) {
    const length = view.getInt32(at);
    at += 4;
    out.push(length < 0 ? null : bytes.subarray(at, at + length));
    at += Math.max(length, 0);
  }
  expect(at).toBe(bytes.length);
  return out;
};

const one = (write: (w: TupleWriter) => void) => {
  const w = new TupleWriter(4);
  w.tuple(1);
  write(w);
  return fields(w.take())[0] ?? null;
};

// PostgreSQL's numeric layout read back as a whole number of units at its
// display scale (each base-10,000 digit at its weight), and checked as
// numeric_recv checks it.
const unitsOf = (field: Uint8Array): bigint => {
  const view = new DataView(field.buffer, field.byteOffset, field.byteLength);
  const n = view.getInt16(0);
  const weight = view.getInt16(2);
  const sign = view.getUint16(4);
  const scale = view.getInt16(6);
  expect(field.length).toBe(8 + n * 2);
  let tenThousandths = 0n;
  for (let i = 0; i < n; i++) {
    const digit = view.getInt16(8 + i * 2);
    expect(digit).toBeGreaterThanOrEqual(0);
    expect(digit).toBeLessThan(10_000);
    // the digit's place, counted in ten-thousandths (weight -1 is the first fraction digit)
    tenThousandths += BigInt(digit) * 10_000n ** BigInt(weight - i + 1);
  }
  const per = 10n ** BigInt(4 - scale);
  expect(tenThousandths % per).toBe(0n);
  return (sign === 0x4000 ? -1n : 1n) * (tenThousandths / per);
};

describe('COPY binary tuples', () => {
  it('frames a COPY with the header PostgreSQL checks', () => {
    expect(Buffer.from(BINARY_HEADER.subarray(0, 11)).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    expect(BINARY_HEADER).toHaveLength(19);
  });

  it.each([
    [0, 2, { n: 0, weight: 0, digits: [] }],
    [1, 2, { n: 1, weight: -1, digits: [100] }],
    [123_456_789, 2, { n: 3, weight: 1, digits: [123, 4567, 8900] }],
    [1_000_000, 2, { n: 2, weight: 1, digits: [1, 0] }],
    [-5, 2, { n: 1, weight: -1, digits: [500] }],
    [1_000, 4, { n: 1, weight: -1, digits: [1000] }],
    [100_000, 4, { n: 1, weight: 0, digits: [10] }],
  ])('writes %d units at scale %d as base-10,000 digits', (units, scale, expected) => {
    const field = one((w) => w.numeric(units, scale as 2 | 4))!;
    const view = new DataView(field.buffer, field.byteOffset, field.byteLength);
    expect(view.getInt16(0)).toBe(expected.n);
    expect(view.getInt16(2)).toBe(expected.weight);
    expect(view.getUint16(4)).toBe(units < 0 ? 0x4000 : 0);
    expect(view.getInt16(6)).toBe(scale);
    expect(Array.from({ length: expected.n }, (_, i) => view.getInt16(8 + i * 2))).toEqual(expected.digits);
  });

  it('writes any whole number of paise or ten-thousandths as the decimal it is', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom(2 as const, 4 as const), (units, scale) => {
        expect(unitsOf(one((w) => w.numeric(units, scale))!)).toBe(BigInt(units));
      }),
    );
  });

  it('refuses an amount that is not whole units', () => {
    expect(() => one((w) => w.numeric(1.5, 2))).toThrow('not a whole number');
  });

  it('counts days as Date.UTC does, for any day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(isoDays(iso)).toBe(Math.floor(date.getTime() / 86_400_000));
        },
      ),
    );
  });

  it.each([
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-4-01',
    '24-04-01',
    '2024/04/01',
    '',
  ])('refuses %j as a date', (text) => {
    expect(isoDays(text)).toBeNull();
    expect(() => one((w) => w.date(text))).toThrow('not a date');
  });

  it('writes a date as days since 2000-01-01', () => {
    const days = (iso: string) => {
      const f = one((w) => w.date(iso))!;
      return new DataView(f.buffer, f.byteOffset).getInt32(0);
    };
    expect(days('2000-01-01')).toBe(0);
    expect(days('1999-12-31')).toBe(-1);
    expect(days('2024-04-01')).toBe(8857);
    expect(days('2024-02-29')).toBe(8825);
  });

  it('writes each date of a run as its own day, the same one twice or not', () => {
    const dates = ['2024-04-01', '2024-04-01', '2024-04-02', '2024-04-01', '2025-03-31', '2025-03-31'];
    const w = new TupleWriter();
    w.tuple(dates.length);
    for (const d of dates) w.date(d);
    const days = fields(w.take()).map((f) => new DataView(f!.buffer, f!.byteOffset).getInt32(0));
    expect(days).toEqual(dates.map((d) => (isoDays(d) ?? Number.NaN) - 10_957));
    expect(() => w.date('2024-02-30')).toThrow('not a date');
  });

  it('writes text as UTF-8, NULL as length -1', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(Buffer.from(one((w) => w.text(text))!)).toEqual(Buffer.from(text, 'utf8'));
      }),
    );
    expect(Buffer.from(one((w) => w.text('₹ Kumār & Sons'))!).toString('utf8')).toBe('₹ Kumār & Sons');
    expect(one((w) => w.text(null))).toBeNull();
  });

  it('writes a uuid as its 16 bytes and an int4 big-endian', () => {
    const id = '0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9';
    expect(Buffer.from(one((w) => w.bytes(uuidBytes(id)))!).toString('hex')).toBe(id.replace(/-/g, ''));
    expect(() => uuidBytes('not-a-uuid')).toThrow('not a uuid');
    expect(Buffer.from(one((w) => w.int4(-2))!).toString('hex')).toBe('fffffffe');
  });

  it('grows past its first capacity and hands over only what was written since the last take', () => {
    const w = new TupleWriter(8);
    for (let i = 0; i < 1000; i++) {
      w.tuple(2);
      w.text(`row ${i}`);
      w.int4(i);
    }
    expect(w.rows).toBe(1000);
    const first = w.take();
    expect(w.rows).toBe(0);
    expect(w.size).toBe(0);
    w.tuple(1);
    w.null();
    expect(Array.from(w.take())).toEqual([0, 1, 0xff, 0xff, 0xff, 0xff]);
    expect(wholeTuplesEnd(first)).toBe(first.length);
  });

  it('finds where the last whole tuple ends, wherever the bytes are cut', () => {
    const w = new TupleWriter();
    const ends: number[] = [];
    for (const [name, amount] of [
      ['A', 1],
      ['Bé', null],
      [null, -250],
    ] as const) {
      w.tuple(2);
      w.text(name);
      w.numeric(amount, 2);
      ends.push(w.size);
    }
    const bytes = w.take();
    for (let cut = 0; cut <= bytes.length; cut++) {
      const whole = ends.filter((e) => e <= cut).at(-1) ?? 0;
      expect(wholeTuplesEnd(bytes.subarray(0, cut))).toBe(whole);
    }
  });
});
