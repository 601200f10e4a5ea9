import path from 'node:path';
import { parseArgs } from 'node:util';
import { computePayable, type LedgerEntry, SHIPPED_SECTION_TYPES } from '@taxrecon/engine';
import {
  type FileIssue,
  formatIssue,
  readCustomRules,
  readExpenseSections,
  readPayableVendors,
  readSectionTypes,
  readVendorSections,
} from '@taxrecon/formats';
import { append, type FinancialYear, financialYearOf, formatInr, isFinancialYear } from '@taxrecon/shared';
import {
  customRules,
  expenseSectionMappings,
  payableVendors,
  sectionTypes,
  vendorSectionMappings,
} from '../features/payable/engine-input.ts';
import { openLedger } from '../features/payable/ledger-read.ts';
import { writePayableXlsx } from '../features/payable/payable-xlsx.ts';
import { isBigFile } from '../lib/register-cut.ts';
import { parsingPool } from '../lib/statement-read.ts';
import { poolSize } from '../lib/worker-pool.ts';
import { ledgerPieceBytes, readLedgerWith } from '../parsing/ledger-chunk.ts';
import { checkOutput, type Io, type ReferenceRead, readInput, readReference, Stop } from './io.ts';
import { writePayableJson } from './payable-json.ts';
import { PAYABLE_USAGE } from './usage.ts';

type Reader = (
  bytes: Uint8Array,
  file: string,
) => Promise<ReferenceRead<Record<string, string | number | boolean | null>>>;

export const payableCommand = async (args: string[], io: Io): Promise<number> => {
  let values: ReturnType<typeof parseOptions>;
  try {
    values = parseOptions(args);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${PAYABLE_USAGE}`);
    return 2;
  }
  const warn = (issue: FileIssue) => io.stderr(`${formatIssue(issue)}\n`);
  const startedAt = performance.now();
  // A big ledger is parsed in pieces across the cores (TAXRECON_THREADS=1:
  // none); the threads load their code while the masters are read.
  const threads =
    poolSize() > 1 && (values.ledger ?? []).some((f) => isBigFile(f, ledgerPieceBytes()))
      ? parsingPool()
      : null;
  threads?.warm();
  try {
    const fy = values.fy as FinancialYear;
    for (const [option, file] of [
      ['out', values.out],
      ['xlsx', values.xlsx],
    ] as const)
      if (file) checkOutput(file, option);
    const reference = async (file: string | undefined, reader: Reader) =>
      file ? readReference(file, reader, warn) : [];
    const vendors = payableVendors(await reference(values.vendors, readPayableVendors));
    const vendorSections = vendorSectionMappings(
      await reference(values['vendor-sections'], readVendorSections),
    );
    const expenseSections = expenseSectionMappings(
      await reference(values['expense-sections'], readExpenseSections),
    );
    const types = values['section-types']
      ? sectionTypes(await reference(values['section-types'], readSectionTypes))
      : SHIPPED_SECTION_TYPES;
    const rules = customRules(await reference(values.rules, readCustomRules));

    const entries: LedgerEntry[] = [];
    for (const file of values.ledger ?? []) {
      const bytes = readInput(file);
      const opened = await openLedger(path.basename(file), bytes);
      if (opened.unusable) throw new Stop(`${file}: ${opened.unusable}`);
      const ledger = await readLedgerWith(opened, bytes, threads);
      for (const issue of ledger.issues) warn(issue);
      const dated = ledger.entries.filter((e) => e.documentDate !== null);
      if (dated.length > 0 && !dated.some((e) => financialYearOf(e.documentDate!) === fy))
        throw new Stop(`${file}: has no entries dated in ${fy}`);
      append(entries, ledger.entries);
    }
    // the threads' heaps are let go before the engine makes its million results
    await threads?.close();
    const parsedAt = performance.now();
    const result = computePayable(
      {
        financialYear: fy,
        entries,
        vendors,
        vendorSections,
        expenseSections,
        sectionTypes: types,
        customRules: rules,
        ruleSets: [],
      },
      values['interest-as-of'] ? { interestAsOf: values['interest-as-of'] } : {},
    );
    const computedAt = performance.now();
    writePayableJson(values.out as string, result);
    if (values.xlsx) await writePayableXlsx(result, values.xlsx);
    if (process.env.TAXRECON_TIMINGS === '1') {
      io.stderr(
        `timings: read and parse ${((parsedAt - startedAt) / 1000).toFixed(2)} s; engine ${((computedAt - parsedAt) / 1000).toFixed(2)} s for ${entries.length} entries; write ${((performance.now() - computedAt) / 1000).toFixed(2)} s\n`,
      );
    }
    const s = result.summary;
    io.stderr(
      `TDS payable ${fy}: ${s.totalEntries} entries over ${s.vendors} vendors; due ${formatInr(s.due)}, deducted ${formatInr(s.deducted)}; ${s.byStatus.short} short, ${s.byStatus.notDeducted} not deducted, ${s.byStatus.excess} excess; ${s.glUnmapped} GL unmapped, ${s.vendorMissing} vendor missing, ${s.errors} errors\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof Stop) {
      io.stderr(`taxrecon payable: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await threads?.close();
  }
};

const parseOptions = (args: string[]) => {
  const { values } = parseArgs({
    args,
    options: {
      fy: { type: 'string' },
      ledger: { type: 'string', multiple: true },
      vendors: { type: 'string' },
      'vendor-sections': { type: 'string' },
      'expense-sections': { type: 'string' },
      'section-types': { type: 'string' },
      rules: { type: 'string' },
      out: { type: 'string' },
      xlsx: { type: 'string' },
      // interest on tax not deducted runs to this date (the app's 34A job uses the month's end)
      'interest-as-of': { type: 'string' },
    },
  });
  if (!values.fy || !isFinancialYear(values.fy))
    throw new Error('--fy must be a financial year such as 2024-25');
  if (!values.ledger?.length) throw new Error('at least one --ledger file is needed');
  if (!values.vendors) throw new Error('--vendors FILE (the vendor master) is needed');
  if (!values.out) throw new Error('--out result.json is needed');
  if (values['interest-as-of'] && !/^\d{4}-\d{2}-\d{2}$/.test(values['interest-as-of']))
    throw new Error('--interest-as-of must be a date such as 2025-03-31');
  return values;
};
