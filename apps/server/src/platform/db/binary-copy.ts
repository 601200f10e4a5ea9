// COPY's binary format, for the tables loaded by the lakh (the registers):
// PostgreSQL reads a uuid, a date or a numeric from its binary form without
// parsing text, which took about a sixth of the backend's time on a million
// sales rows (decisions.md, issue 14). Each COPY is the header, whole tuples
// and the trailer; a tuple is its field count, then each field as a length
// (-1: NULL) and its bytes, all big-endian.
// https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4
import type { RowSink } from './copy-spool.ts';

// "PGCOPY\n\377\r\n\0", no flags, no header extension
export const BINARY_HEADER = Uint8Array.of(
  0x50,
  0x47,
  0x43,
  0x4f,
  0x50,
  0x59,
  0x0a,
  0xff,
  0x0d,
  0x0a,
  0x00,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
);
// a field count of -1
export const BINARY_TRAILER = Uint8Array.of(0xff, 0xff);

// 2000-01-01, PostgreSQL's epoch for dates, in days since 1970-01-01
const PG_EPOCH_DAYS = 10_957;
const utf8 = new TextEncoder();
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const digitsAt = (text: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
};

// Days since 1970-01-01 of an ISO date (YYYY-MM-DD), or null when it is not
// one or names no such day. Integer arithmetic (H. Hinnant's days_from_civil,
// https://howardhinnant.github.io/date_algorithms.html#days_from_civil): no
// Date object per cell, and 2024-02-30 is refused, as PostgreSQL refuses it
// in text, where Date.UTC would roll it over to March.
export const isoDays = (iso: string): number | null => {
  if (iso.length !== 10 || iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return null;
  const y = digitsAt(iso, 0, 4);
  const m = digitsAt(iso, 5, 7);
  const d = digitsAt(iso, 8, 10);
  if (y < 1 || m < 1 || m > 12 || d < 1) return null;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (m === 2 && leap ? 29 : MONTH_DAYS[m - 1]!)) return null;
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
};

// The uuid's 16 bytes, from its text.
export const uuidBytes = (text: string): Uint8Array => {
  const hex = text.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a uuid: ${text}`);
  return Uint8Array.from({ length: 16 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
};

// Tuples written into one growing buffer; `take` hands over what was written.
export class TupleWriter {
  rows = 0;
  private buffer: Uint8Array;
  private view: DataView;
  private at = 0;
  // the last date written: a row often gives the same one twice, and a
  // register's rows come in runs of a date
  private lastDate: string | null = null;
  private lastDays = 0;

  constructor(capacity = 1 << 16) {
    this.buffer = new Uint8Array(capacity);
    this.view = new DataView(this.buffer.buffer);
  }

  get size(): number {
    return this.at;
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (this.at + bytes > capacity) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.buffer.subarray(0, this.at));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }

  // Starts a row of `fields` fields.
  tuple(fields: number): void {
    this.room(2);
    this.view.setInt16(this.at, fields);
    this.at += 2;
    this.rows += 1;
  }

  null(): void {
    this.room(4);
    this.view.setInt32(this.at, -1);
    this.at += 4;
  }

  // text in UTF-8; ASCII (nearly every cell of a register) is copied a code at a time
  text(value: string | null): void {
    if (value === null) {
      this.null();
      return;
    }
    const n = value.length;
    this.room(4 + n * 3);
    const start = this.at + 4;
    const buffer = this.buffer;
    let p = start;
    for (let i = 0; i < n; i++) {
      const code = value.charCodeAt(i);
      if (code >= 0x80) {
        p = start + utf8.encodeInto(value, buffer.subarray(start)).written;
        break;
      }
      buffer[p++] = code;
    }
    this.view.setInt32(this.at, p - start);
    this.at = p;
  }

  bytes(value: Uint8Array): void {
    this.room(4 + value.length);
    this.view.setInt32(this.at, value.length);
    this.buffer.set(value, this.at + 4);
    this.at += 4 + value.length;
  }

  int4(value: number): void {
    this.room(8);
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, value);
    this.at += 8;
  }

  // an ISO date (YYYY-MM-DD) as days since 2000-01-01
  date(iso: string | null): void {
    if (iso === null) {
      this.null();
      return;
    }
    let days = this.lastDays;
    if (iso !== this.lastDate) {
      const counted = isoDays(iso);
      // the readers give ISO dates they checked: this is a fault of ours, not the file's
      if (counted === null) throw new Error(`not a date: ${iso}`);
      days = counted;
      this.lastDate = iso;
      this.lastDays = days;
    }
    this.room(8);
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, days - PG_EPOCH_DAYS);
    this.at += 8;
  }

  // A numeric of `units` hundredths (scale 2: paise as rupees) or
  // ten-thousandths (scale 4: a rate), written as PostgreSQL keeps it: base
  // 10,000 digits, the first one's weight, the sign and the display scale.
  numeric(units: number | null, scale: 2 | 4): void {
    if (units === null) {
      this.null();
      return;
    }
    if (!Number.isSafeInteger(units)) throw new Error(`not a whole number of units: ${units}`);
    const per = scale === 2 ? 100 : 10_000;
    const magnitude = Math.abs(units);
    const whole = Math.floor(magnitude / per);
    // the fraction as one base-10,000 digit: .89 is 8900
    const fraction = (magnitude % per) * (10_000 / per);
    // the whole part's base-10,000 digits, written last to first (no array per cell)
    let wholeDigits = 0;
    for (let w = whole; w > 0; w = Math.floor(w / 10_000)) wholeDigits++;
    const n = wholeDigits + (fraction === 0 ? 0 : 1);
    this.room(4 + 8 + n * 2);
    const view = this.view;
    const at = this.at;
    view.setInt32(at, 8 + n * 2);
    view.setInt16(at + 4, n);
    // zero has no digits and weight 0
    view.setInt16(at + 6, n === 0 ? 0 : wholeDigits - 1);
    view.setInt16(at + 8, units < 0 ? 0x4000 : 0);
    view.setInt16(at + 10, scale);
    let p = at + 12 + (wholeDigits - 1) * 2;
    for (let w = whole; w > 0; w = Math.floor(w / 10_000), p -= 2) view.setInt16(p, w % 10_000);
    if (fraction !== 0) view.setInt16(at + 12 + wholeDigits * 2, fraction);
    this.at = at + 12 + n * 2;
  }

  // The tuples written since the last take, as their own bytes.
  take(): Uint8Array {
    const out = this.buffer.slice(0, this.at);
    this.at = 0;
    this.rows = 0;
    return out;
  }
}

// Tuples written on this thread a row at a time, handed to a sink (a spool
// file or a live COPY) about a mebibyte at a time: `rows` to write into,
// `hand` when `full` (checked without an await per row) and at the end.
export const tupleFeed = (sink: RowSink) => {
  const rows = new TupleWriter();
  return {
    rows,
    full: () => rows.size >= 1 << 20,
    hand: async () => {
      const n = rows.rows;
      if (n > 0) await sink.write(rows.take(), n);
    },
  };
};

// Where the last whole tuple in `data` ends (data holds tuples only, read
// from their start): a spool file is cut there into COPYs of whole rows.
export const wholeTuplesEnd = (data: Uint8Array): number => {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let end = 0;
  let at = 0;
  while (at + 2 <= data.length) {
    const fields = view.getInt16(at);
    at += 2;
    let f = 0;
    for (; f < fields && at + 4 <= data.length; f++) {
      const length = view.getInt32(at);
      at += 4 + Math.max(length, 0);
    }
    if (f < fields || at > data.length) break;
    end = at;
  }
  return end;
};

// One COPY's worth of tuples, framed.
export const framed = (tuples: readonly Uint8Array[]): Uint8Array[] => [
  BINARY_HEADER,
  ...tuples,
  BINARY_TRAILER,
];
