import type { SmartFilter, SmartFilterCondition, SmartFilterOperator } from '@taxrecon/contracts';
import { type RawBuilder, sql } from 'kysely';

// The pre-built smart filters (spec 2.7). Each field is a fixed SQL
// expression over a job's stored result (recon_parties as p); a request only
// names a field, an operator and values, which travel as parameters.

export interface Field {
  label: string;
  dataType: 'number' | 'string';
  expr: RawBuilder<unknown>;
}

const matchedRows = sql`(p.matched_book_rows + p.totals_book_rows + p.accepted_book_rows + p.matched_tb_rows + p.totals_tb_rows + p.accepted_tb_rows)`;

// Tax of the party's 26AS credits with booking status U (unmatched at the deductor's end).
export const statusUTax = sql<string>`(SELECT coalesce(sum(r.tax), 0) FROM recon_rows r
  WHERE r.job_id = p.job_id AND r.party = p.party AND r.side = 'T' AND upper(r.status) = 'U')`;

export const matchedPercentage = sql<string>`round(${matchedRows}::numeric * 100 / greatest(p.book_rows + p.tb_rows, 1), 2)`;

export const FIELDS: Record<string, Field> = {
  customerName: { label: 'Customer name', dataType: 'string', expr: sql`upper(p.name)` },
  customerTAN: { label: 'TAN', dataType: 'string', expr: sql`upper(coalesce(p.tan, ''))` },
  customerCode: { label: 'Customer code', dataType: 'string', expr: sql`upper(coalesce(p.code, ''))` },
  category: { label: 'Category', dataType: 'string', expr: sql`p.category` },
  bookTax: { label: 'TDS as per books', dataType: 'number', expr: sql`p.book_tax` },
  taxBookTax: { label: 'TDS as per 26AS', dataType: 'number', expr: sql`p.tb_tax` },
  difference: { label: 'Difference (books - 26AS)', dataType: 'number', expr: sql`p.tax_difference` },
  excessIn26AS: { label: 'Difference (26AS - books)', dataType: 'number', expr: sql`(-p.tax_difference)` },
  absoluteDifference: {
    label: 'Difference (either way)',
    dataType: 'number',
    expr: sql`abs(p.tax_difference)`,
  },
  matchedPercentage: { label: 'Matched percentage', dataType: 'number', expr: matchedPercentage },
  notClaimableTax: { label: 'Not claimable TDS', dataType: 'number', expr: sql`p.not_claimable_tax` },
  statusUTax: { label: 'TDS in status U credits', dataType: 'number', expr: statusUTax },
  bookRows: { label: 'Entries in books', dataType: 'number', expr: sql`p.book_rows` },
  taxBookRows: { label: 'Entries in 26AS', dataType: 'number', expr: sql`p.tb_rows` },
};

const NUMBER_OPS: SmartFilterOperator[] = ['>', '>=', '<', '<=', '=', '!=', 'between'];
const STRING_OPS: SmartFilterOperator[] = ['in', 'not in'];

const condition = (
  field: keyof typeof FIELDS & string,
  fixedValue: string | null = null,
): SmartFilterCondition => {
  const f = FIELDS[field]!;
  return {
    fieldName: f.label,
    dbColumnName: field,
    dataType: f.dataType,
    allowedOperators: fixedValue !== null ? ['='] : f.dataType === 'number' ? NUMBER_OPS : STRING_OPS,
    readOnly: fixedValue !== null,
    fixedValue,
  };
};

const WHO = [condition('customerName'), condition('customerTAN')];

export interface FilterDefinition extends SmartFilter {
  // always applied: what makes the filter what it is
  base: RawBuilder<boolean>;
}

export const FILTERS: FilterDefinition[] = [
  {
    id: 'booksMoreThan26AS',
    name: 'Mismatched Entries (Books > 26AS) [Customer/ Vendor wise]',
    description: 'Customers whose books show more TDS than their 26AS',
    base: sql<boolean>`p.tax_difference > 0`,
    conditions: [condition('difference'), ...WHO],
  },
  {
    id: 'booksLessThan26AS',
    name: 'Mismatched Entries (Books < 26AS) [Customer/ Vendor wise]',
    description: 'Customers whose 26AS shows more TDS than their books',
    base: sql<boolean>`p.tax_difference < 0`,
    conditions: [condition('excessIn26AS'), ...WHO],
  },
  {
    id: 'matchedPercentageBelow',
    name: 'Matched percentage below a value',
    description: 'Customers with a lower share of matched entries than the value',
    base: sql<boolean>`true`,
    conditions: [condition('matchedPercentage'), ...WHO],
  },
  {
    id: 'differenceAbove',
    name: 'Difference above an amount',
    description: 'Customers whose books and 26AS differ by more than the amount, either way',
    base: sql<boolean>`true`,
    conditions: [condition('absoluteDifference'), condition('difference'), ...WHO],
  },
  {
    id: 'missingFrom26AS',
    name: 'Missing from 26AS',
    description: 'Customers with TDS in the books and nothing in 26AS',
    base: sql<boolean>`p.category = 'missingFromTaxBook'`,
    conditions: [condition('category', 'missingFromTaxBook')],
  },
  {
    id: 'statusUCredits',
    name: 'Status U credits in 26AS',
    description: 'Customers with 26AS credits in booking status U (unmatched at the deductor)',
    base: sql<boolean>`${statusUTax} > 0`,
    conditions: [condition('statusUTax', '> 0')],
  },
  {
    id: 'notClaimable',
    name: 'Not claimable TDS',
    description: 'Customers with TDS that cannot be claimed yet',
    base: sql<boolean>`p.not_claimable_tax > 0`,
    conditions: [condition('notClaimableTax'), ...WHO],
  },
];

export const publicFilters = (): SmartFilter[] =>
  FILTERS.map(({ id, name, description, conditions }) => ({ id, name, description, conditions }));

// The spec names the two mismatch filters by their display text ("Initial
// filter values ... preselect the matching filters"): accept the id or the name.
export const findFilter = (idOrName: string): FilterDefinition | undefined =>
  FILTERS.find((f) => f.id === idOrName || f.name === idOrName);
