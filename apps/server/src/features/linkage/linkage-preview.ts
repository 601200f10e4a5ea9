import { LINKAGE_FILE_HEADER } from '@taxrecon/contracts';
import { CompanyNameIndex } from '@taxrecon/engine';
import type { AppContext } from '../../platform/context.ts';

export interface PreviewLine {
  tan: string;
  deductorName: string;
  customerCode: string;
  customerName: string;
  link: 'Y' | 'N';
  reason: string;
}

interface CustomerRef {
  code: string;
  name: string;
}

// Which master customer each 26AS deductor is whose TAN no customer holds
// (own TAN or linked): by name, with the rule of the reconciliation
// (company-names.ts). A clear match is proposed (Y); a tie or a near miss is
// listed for review (N) with the candidates; deductors like no one are left out.
export const previewLinkage = async (ctx: AppContext, entityId: string): Promise<PreviewLine[]> => {
  const customers = await ctx.db
    .selectFrom('customers')
    .select(['customer_code', 'customer_name', 'legal_name', 'name_from_sales_book', 'name_from_26as'])
    .where('entity_id', '=', entityId)
    .where('customer_code', 'is not', null)
    .execute();
  const candidates = customers.flatMap((c) => {
    const ref = { code: c.customer_code!, name: c.customer_name };
    return [...new Set([c.customer_name, c.legal_name, c.name_from_sales_book, c.name_from_26as])]
      .filter((n): n is string => !!n)
      .map((name) => ({ target: ref, name }));
  });
  const index = new CompanyNameIndex<CustomerRef>(candidates, (c) => c.code);
  const deductors = await ctx.db
    .selectFrom('tax_entries as t')
    .select(['t.tan', 't.deductor_name'])
    .distinct()
    .where('t.entity_id', '=', entityId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('customers as c')
            .select('c.id')
            .where('c.entity_id', '=', entityId)
            .whereRef('c.tan_number', '=', 't.tan'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('customer_children as ch')
            .innerJoin('customers as c', 'c.id', 'ch.customer_id')
            .select('c.id')
            .where('c.entity_id', '=', entityId)
            .whereRef('ch.tan_number', '=', 't.tan'),
        ),
      ),
    )
    .orderBy('t.tan')
    .orderBy('t.deductor_name')
    .execute();
  const lines: PreviewLine[] = [];
  const done = new Set<string>();
  for (const d of deductors) {
    if (done.has(d.tan)) continue;
    const r = index.resolve(d.deductor_name);
    const base = { tan: d.tan, deductorName: d.deductor_name };
    if (r.kind === 'linked') {
      done.add(d.tan);
      lines.push({
        ...base,
        customerCode: r.target.code,
        customerName: r.target.name,
        link: 'Y',
        reason: r.exactForm
          ? `same company as "${r.name}" (legal form, punctuation, abbreviation or word order differ)`
          : `same company as "${r.name}", which gives no legal form`,
      });
    } else if (r.kind === 'tie') {
      done.add(d.tan);
      for (const c of r.candidates) {
        lines.push({
          ...base,
          customerCode: c.target.code,
          customerName: c.target.name,
          link: 'N',
          reason: `fits ${r.candidates.length} customers equally: choose one`,
        });
      }
    } else if (r.kind === 'near-miss') {
      done.add(d.tan);
      for (const c of r.candidates) {
        lines.push({
          ...base,
          customerCode: c.target.code,
          customerName: c.target.name,
          link: 'N',
          reason: `close to "${c.name}" (${c.score.toFixed(2)}) but not clearly the same company: check`,
        });
      }
    }
  }
  return lines;
};

const clean = (v: string) => v.replace(/[\t\r\n]+/g, ' ');

export const previewText = (lines: readonly PreviewLine[]): string =>
  `${[
    LINKAGE_FILE_HEADER.join('\t'),
    ...lines.map((l) =>
      [l.tan, l.deductorName, l.customerCode, l.customerName, l.link, l.reason].map(clean).join('\t'),
    ),
  ].join('\r\n')}\r\n`;
