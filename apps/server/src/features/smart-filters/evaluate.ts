import type { SmartFilterQuery, SmartFilterResult, SmartFilterTerm } from '@taxrecon/contracts';
import { rupeesOfNumeric } from '@taxrecon/shared';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { RunView } from '../reconciliation/runs/runs.ts';
import { FIELDS, type FilterDefinition, findFilter, matchedPercentage, statusUTax } from './catalogue.ts';

// A smart filter evaluated in SQL on a job's stored result: the filter's base
// condition, each ticked condition (operator and values as parameters) and
// the chosen sort. Nothing a person types becomes SQL text.

export const RESULT_LIMIT = 5000;

const NUMBER = /^-?\d{1,15}(\.\d{1,4})?$/;

const numberOf = (term: SmartFilterTerm, text: string): string => {
  const t = text.trim().replace(/,/g, '');
  if (!NUMBER.test(t)) {
    throw badRequest(
      `${term.field}: "${text.trim()}" is not a number; type digits like 1000 or 12.5.`,
      'INVALID_CONDITION',
    );
  }
  return t;
};

const termSql = (filter: FilterDefinition, term: SmartFilterTerm): RawBuilder<boolean> => {
  const condition = filter.conditions.find((c) => c.dbColumnName === term.field);
  const field = Object.hasOwn(FIELDS, term.field) ? FIELDS[term.field] : undefined;
  if (!condition || !field) {
    throw badRequest(`The filter "${filter.name}" has no condition "${term.field}".`, 'INVALID_CONDITION');
  }
  if (condition.readOnly) {
    throw badRequest(
      `${condition.fieldName} is fixed in this filter and cannot be set.`,
      'INVALID_CONDITION',
    );
  }
  if (!condition.allowedOperators.includes(term.operator)) {
    throw badRequest(
      `${condition.fieldName} takes the operators ${condition.allowedOperators.join(', ')}; not "${term.operator}".`,
      'INVALID_CONDITION',
    );
  }
  const value = term.value.trim();
  if (!value) throw badRequest(`Type a value for ${condition.fieldName}.`, 'INVALID_CONDITION');
  const e = field.expr;
  if (field.dataType === 'string') {
    // comma separated, upper-cased into an in-list (spec 5)
    const list = [...new Set(value.split(',').map((v) => v.trim().toUpperCase()))].filter(Boolean);
    if (list.length === 0) throw badRequest(`Type a value for ${condition.fieldName}.`, 'INVALID_CONDITION');
    const items = sql.join(list.map((v) => sql`${v}`));
    return term.operator === 'not in'
      ? sql<boolean>`${e} NOT IN (${items})`
      : sql<boolean>`${e} IN (${items})`;
  }
  if (term.operator === 'between') {
    const parts = value.split(/\s*,\s*/);
    if (parts.length !== 2 || !parts[0] || !parts[1]) {
      throw badRequest(
        `${condition.fieldName}: 'between' takes two values separated by a comma, like 100,500.`,
        'INVALID_CONDITION',
      );
    }
    const [a, b] = [numberOf(term, parts[0]), numberOf(term, parts[1])];
    const [lo, hi] = Number(a) <= Number(b) ? [a, b] : [b, a];
    return sql<boolean>`${e} BETWEEN CAST(${lo} AS numeric) AND CAST(${hi} AS numeric)`;
  }
  const n = sql`CAST(${numberOf(term, value)} AS numeric)`;
  switch (term.operator) {
    case '>':
      return sql<boolean>`${e} > ${n}`;
    case '>=':
      return sql<boolean>`${e} >= ${n}`;
    case '<':
      return sql<boolean>`${e} < ${n}`;
    case '<=':
      return sql<boolean>`${e} <= ${n}`;
    case '=':
      return sql<boolean>`${e} = ${n}`;
    case '!=':
      return sql<boolean>`${e} <> ${n}`;
    default:
      throw badRequest(
        `${condition.fieldName}: "${term.operator}" is not a number operator.`,
        'INVALID_CONDITION',
      );
  }
};

const orderOf = (query: SmartFilterQuery, orderBy: string | undefined): RawBuilder<unknown>[] => {
  const wanted: { field: string; dir: 'ASC' | 'DESC' }[] = [];
  for (const t of query.conditions) if (t.sort !== 'No Sort') wanted.push({ field: t.field, dir: t.sort });
  for (const part of (orderBy ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [field = '', dir = 'ASC'] = part.split(/[:\s]+/);
    const d = dir.toUpperCase();
    if (d !== 'ASC' && d !== 'DESC')
      throw badRequest(`orderBy: "${dir}" is not ASC or DESC.`, 'INVALID_ORDER');
    wanted.push({ field, dir: d });
  }
  return wanted.map(({ field, dir }) => {
    // own keys only: 'constructor' and 'toString' are on every object
    const f = Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
    if (!f) throw badRequest(`orderBy: cannot sort by "${field}".`, 'INVALID_ORDER');
    return dir === 'DESC' ? sql`${f.expr} DESC` : sql`${f.expr} ASC`;
  });
};

export const evaluateFilter = async (
  ctx: AppContext,
  run: RunView,
  query: SmartFilterQuery,
  orderBy?: string,
): Promise<SmartFilterResult> => {
  const filter = findFilter(query.filter);
  if (!filter) throw badRequest(`There is no smart filter "${query.filter}".`, 'UNKNOWN_FILTER');
  if (query.conditions.length === 0 && filter.conditions.some((c) => !c.readOnly)) {
    throw badRequest('Tick at least one condition.', 'NO_CONDITION');
  }
  const where = sql.join([filter.base, ...query.conditions.map((t) => termSql(filter, t))], sql` AND `);
  const order = sql.join([...orderOf(query, orderBy), sql`p.name ASC`, sql`p.party ASC`]);
  const { rows } = await sql<{
    party_key: string;
    name: string;
    code: string | null;
    tan: string | null;
    pan: string | null;
    category: SmartFilterResult['entities'][number]['category'];
    book_tax: string;
    tb_tax: string;
    tax_difference: string;
    matched_percentage: string;
    not_claimable_tax: string;
    status_u_tax: string;
    book_rows: number;
    tb_rows: number;
    total: string;
  }>`SELECT p.party_key, p.name, p.code, p.tan, p.pan, p.category, p.book_tax, p.tb_tax, p.tax_difference,
      ${matchedPercentage} AS matched_percentage, p.not_claimable_tax, ${statusUTax} AS status_u_tax,
      p.book_rows, p.tb_rows, count(*) OVER () AS total
    FROM recon_parties p
    WHERE p.job_id = ${run.job_id} AND ${where}
    ORDER BY ${order}
    LIMIT ${RESULT_LIMIT}`.execute(ctx.db);
  const total = Number(rows[0]?.total ?? 0);
  return {
    filter: filter.id,
    total,
    truncated: total > rows.length,
    entities: rows.map((r) => ({
      entityId: r.party_key,
      customerName: r.name,
      customerCode: r.code,
      customerTAN: r.tan,
      customerPAN: r.pan,
      category: r.category,
      bookTax: rupeesOfNumeric(r.book_tax),
      taxBookTax: rupeesOfNumeric(r.tb_tax),
      difference: rupeesOfNumeric(r.tax_difference),
      matchedPercentage: Number(r.matched_percentage),
      notClaimableTax: rupeesOfNumeric(r.not_claimable_tax),
      statusUTax: rupeesOfNumeric(r.status_u_tax),
      bookRows: r.book_rows,
      taxBookRows: r.tb_rows,
    })),
  };
};
