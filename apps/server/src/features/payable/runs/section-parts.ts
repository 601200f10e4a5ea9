import { splitSection } from '@taxrecon/engine';

// A canonical section ('194J(b)', '194C') as the screens show it: the section
// without its clause and the clause as subsection ('b'; '' when none).
export const sectionParts = (section: string | null): { number: string | null; sub: string } => {
  if (!section) return { number: null, sub: '' };
  const [number, sub] = splitSection(section);
  return { number, sub: sub ?? '' };
};
