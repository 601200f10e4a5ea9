import { formatRupees, paiseOfNumeric, rupeesOfNumeric } from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';
import type { RunView } from '../reconciliation/runs/runs.ts';

// Smart-recon suggestions of a year (spec 7, /smart-recon/suggest): in the
// latest completed job, customers found only in the books and deductors found
// only in 26AS that look like the same party, either by name (the first n
// characters of the name without legal form and punctuation) or by TDS within
// a tolerance (percent of the books' TDS).

export const SUGGESTION_LIMIT = 500;

const LEGAL = /\b(PRIVATE|PVT|LIMITED|LTD|LLP|P|CO|COMPANY|THE|AND)\b/g;

export const nameStem = (name: string): string =>
  name
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9 ]/g, ' ')
    .replace(LEGAL, ' ')
    .replace(/\s+/g, '');

export const suggestions = async (
  ctx: AppContext,
  run: RunView,
  options: { tolerance: number; matchByName: boolean; characters: number },
) => {
  const parties = await ctx.db
    .selectFrom('recon_parties')
    .select(['party_key', 'name', 'tan', 'category', 'book_tax', 'tb_tax'])
    .where('job_id', '=', run.job_id)
    .where('category', 'in', ['missingFromTaxBook', 'missingFromSales'])
    .orderBy('name')
    .execute();
  const books = parties.filter((p) => p.category === 'missingFromTaxBook');
  const credits = parties.filter((p) => p.category === 'missingFromSales');
  const out = [];
  for (const b of books) {
    const bookTax = paiseOfNumeric(b.book_tax);
    const stem = nameStem(b.name).slice(0, options.characters);
    for (const t of credits) {
      const tbTax = paiseOfNumeric(t.tb_tax);
      const byName = options.matchByName && stem.length > 0 && nameStem(t.name).startsWith(stem);
      const allowed = Math.round((Math.abs(bookTax) * options.tolerance) / 100);
      const byTax = !options.matchByName && bookTax !== 0 && Math.abs(bookTax - tbTax) <= allowed;
      if (!byName && !byTax) continue;
      out.push({
        bookEntityId: b.party_key,
        bookName: b.name,
        bookTax: rupeesOfNumeric(b.book_tax),
        taxBookEntityId: t.party_key,
        taxBookName: t.name,
        taxBookTan: t.tan,
        taxBookTax: rupeesOfNumeric(t.tb_tax),
        difference: formatRupees(bookTax - tbTax),
        reason: byName
          ? `The names begin alike (${options.characters} characters)`
          : `The TDS agrees within ${options.tolerance}%`,
      });
      if (out.length >= SUGGESTION_LIMIT) return out;
    }
  }
  return out;
};
