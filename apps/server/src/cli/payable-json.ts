import fs from 'node:fs';
import type { PayableResult } from '@taxrecon/engine';
import { formatRupees, jsonString } from '@taxrecon/shared';

// The `taxrecon payable` result JSON, written a line per item in slices so a
// million entries never become one string. Amounts are JSON numbers with two
// decimals (25000.00), as the contract shows; months are summed over TANs.
const str = jsonString;
const rs = (p: number): string => formatRupees(p);
const BUFFER_BYTES = 4 << 20;

export const writePayableJson = (file: string, result: PayableResult): void => {
  const fd = fs.openSync(file, 'w');
  // Each piece is encoded straight into one buffer, written when it is nearly
  // full: joining a megabyte of pieces into a string first (each a two-byte
  // string, for the "₹" of its reason) cost a third of the write.
  const buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let size = 0;
  const flush = () => {
    if (size > 0) fs.writeSync(fd, buffer, 0, size);
    size = 0;
  };
  const put = (text: string) => {
    // a UTF-16 unit is at most 3 bytes of UTF-8
    if (size + text.length * 3 > BUFFER_BYTES) {
      flush();
      if (text.length * 3 > BUFFER_BYTES) {
        fs.writeSync(fd, text);
        return;
      }
    }
    size += buffer.write(text, size);
  };
  const list = <T>(name: string, items: Iterable<T>, line: (item: T) => string, last = false) => {
    put(`  ${str(name)}: [`);
    let first = true;
    for (const item of items) {
      put(`${first ? '\n' : ',\n'}    ${line(item)}`);
      first = false;
    }
    put(first ? `]${last ? '' : ','}\n` : `\n  ]${last ? '' : ','}\n`);
  };
  try {
    put(`{\n  "financialYear": ${str(result.financialYear)},\n`);
    list(
      'entries',
      result.entries,
      (e) =>
        `{ "ref": ${str(e.ref)}, "file": ${str(e.file)}, "line": ${e.line}, "vendorCode": ${str(e.vendorCode)}, "pan": ${str(e.pan)}, "section": ${str(e.section)}, "deducteeType": ${str(e.deducteeType)}, "base": ${rs(e.base)}, "rate": ${e.rate === null ? 'null' : e.rate}, "due": ${rs(e.due)}, "deducted": ${rs(e.deducted)}, "status": ${str(e.status)}, "reason": ${str(e.reason)}${e.paymentCode ? `, "paymentCode": ${str(e.paymentCode)}` : ''} }`,
    );
    const months = new Map<
      string,
      { month: string; section: string; deducteeType: string; base: number; due: number; deducted: number }
    >();
    for (const m of result.months) {
      const key = `${m.month}|${m.section}|${m.deducteeType}`;
      const row = months.get(key) ?? {
        month: m.month,
        section: m.section,
        deducteeType: m.deducteeType,
        base: 0,
        due: 0,
        deducted: 0,
      };
      row.base += m.base;
      row.due += m.due;
      row.deducted += m.deducted;
      months.set(key, row);
    }
    list(
      'months',
      months.values(),
      (m) =>
        `{ "month": ${str(m.month)}, "section": ${str(m.section)}, "deducteeType": ${str(m.deducteeType)}, "base": ${rs(m.base)}, "due": ${rs(m.due)}, "deducted": ${rs(m.deducted)} }`,
    );
    list(
      'form3cd',
      result.form3cd,
      (f) =>
        `{ "section": ${str(f.section)}, "payments": ${rs(f.payments)}, "taxable": ${rs(f.taxable)}, "deductedOn": ${rs(f.deductedOn)}, "deducted": ${rs(f.deducted)}, "deposited": ${rs(f.deposited)}, "shortfall": ${rs(f.shortfall)} }`,
    );
    list(
      'errors',
      result.entries.filter((e) => e.status === 'error'),
      (e) =>
        `{ "ref": ${str(e.ref)}, "file": ${str(e.file)}, "line": ${e.line}, "code": ${str(e.errorCode)}, "reason": ${str(e.reason)} }`,
      true,
    );
    put('}\n');
    flush();
  } finally {
    fs.closeSync(fd);
  }
};
