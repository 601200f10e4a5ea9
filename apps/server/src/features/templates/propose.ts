import type { TemplateProposal } from '@taxrecon/contracts';
import { CompanyNameIndex, normalisePan, normaliseTan, panFromGstin } from '@taxrecon/engine';
import type { BookParty, TemplateInput } from './read-template-zip.ts';

type Deductor = { tan: string; name: string };
type Proposal = Omit<TemplateProposal, 'inMaster'>;

const quoted = (names: readonly { name: string }[]) => names.map((c) => `"${c.name}"`).join(', ');

// Each book party matched to a 26AS deductor: by the TAN its rows carry;
// else by name, with the reconciliation's rule (engine company-names.ts:
// legal-form variants, punctuation, word order; a tie or a near miss is
// never guessed); else through another party of the same PAN (given or read
// from the GSTIN) that was matched. Unmatched parties are proposed with what
// the book knows, and say why nothing was found.
export const proposeMaster = (input: TemplateInput, word: 'deductor' | 'collector'): Proposal[] => {
  const byTan = new Map(input.deductors.map((d) => [d.tan, d]));
  const index = new CompanyNameIndex<Deductor>(
    input.deductors.map((d) => ({ target: d, name: d.name })),
    (d) => d.tan,
  );
  const base = (p: BookParty) => {
    const pan = normalisePan(p.pan);
    const fromGstin = panFromGstin(p.gstin);
    return {
      bookName: p.name,
      bookCode: p.code,
      bookRows: p.rows,
      name: p.name,
      tanNumber: normaliseTan(p.tan),
      panNumber: pan ?? fromGstin,
      gstIn: p.gstin,
      nameFrom26AS: null as string | null,
      panNote: !pan && fromGstin ? `; PAN ${fromGstin} read from GSTIN ${p.gstin}` : '',
    };
  };
  const first = input.book.map((p) => {
    const b = base(p);
    const { panNote, ...row } = b;
    const tanHit = b.tanNumber ? byTan.get(b.tanNumber) : undefined;
    if (tanHit) {
      return {
        ...row,
        nameFrom26AS: tanHit.name,
        matchedBy: 'TAN' as const,
        how: `TAN ${tanHit.tan} of the book is the 26AS ${word} "${tanHit.name}"${panNote}`,
      };
    }
    const r = index.resolve(p.name);
    if (r.kind === 'linked') {
      return {
        ...row,
        tanNumber: r.target.tan,
        nameFrom26AS: r.target.name,
        matchedBy: 'NAME' as const,
        how: `${r.exactForm ? 'same company as' : 'same name, legal form left out, as'} 26AS ${word} "${r.target.name}" (TAN ${r.target.tan})${panNote}`,
      };
    }
    const why =
      r.kind === 'tie'
        ? `two or more 26AS ${word}s are equally close: ${quoted(r.candidates)}; choose the TAN by hand`
        : r.kind === 'near-miss'
          ? `no 26AS ${word} is clearly the same company; closest: ${quoted(r.candidates)}`
          : `no 26AS ${word} has this TAN or name`;
    return { ...row, matchedBy: 'NONE' as const, how: `${why}${panNote}` };
  });
  // A party left unmatched whose PAN is the PAN of a matched party: the same
  // legal person (another branch or spelling), so the same deductor.
  const byPan = new Map<string, Proposal>();
  for (const p of first)
    if (p.matchedBy !== 'NONE' && p.panNumber && !byPan.has(p.panNumber)) byPan.set(p.panNumber, p);
  return first.map((p) => {
    const twin = p.matchedBy === 'NONE' && p.panNumber ? byPan.get(p.panNumber) : undefined;
    if (!twin) return p;
    const viaGstin = !normalisePan(input.book.find((b) => b.name === p.bookName)?.pan) && p.gstIn;
    return {
      ...p,
      tanNumber: twin.tanNumber,
      nameFrom26AS: twin.nameFrom26AS,
      matchedBy: viaGstin ? ('GSTIN' as const) : ('PAN' as const),
      how: `${viaGstin ? `GSTIN ${p.gstIn} carries` : 'has'} PAN ${p.panNumber}, as "${twin.bookName}", matched to 26AS ${word} "${twin.nameFrom26AS}" (TAN ${twin.tanNumber})`,
    };
  });
};
