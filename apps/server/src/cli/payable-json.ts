import fs from 'node:fs';
import type { PayableResult } from '@taxrecon/engine';
import { formatRupees, jsonString } from '@taxrecon/shared';

// The `taxrecon payable` result JSON, written a line per item in slices so a
// million entries never become one string. Amounts are JSON numbers with two
// decimals (25000.00), as the contract shows; months are summed over TANs.
const str = jsonString;
const rs = (p: number): string => formatRupees(p);

export const writePayableJson = (file: string, result: PayableResult): void => {
  const fd = fs.openSync(file, 'w');
  let buffer: string[] = [];
  let size = 0;
  const flush = () => {
    fs.writeSync(fd, buffer.join(''));
    buffer = [];
    size = 0;
  };
  const put = (text: string) => {
    buffer.push(text);
    size += text.length;
    if (size > 1 << 20) flush();
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
