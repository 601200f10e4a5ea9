import type { Example } from '@taxrecon/engine';
import { normaliseSection } from '@taxrecon/engine';
import { readTable } from '@taxrecon/formats';

// The training file of the 'Expenses Training' screen: a .txt or .csv with a
// description column and a section column (and optionally a sub-section),
// named by the header mapping. Lines with a description but no usable section,
// or a section but no description, are validation errors with their line
// numbers; blank lines are skipped.

export type TrainingMapping = { description: string; section: string; subSection?: string };

export interface TrainingLineError {
  line: number;
  column: string | null;
  message: string;
}

export interface TrainingFileRead {
  examples: Example[];
  errors: TrainingLineError[];
  // a problem with the file as a whole (unreadable, no rows, mapping names a missing column)
  fileError: string | null;
}

// Every line of a file this long is checked, but only the first few errors are
// spelled out in the answer; the count says how many there are.
export const ERRORS_LISTED = 20;

// A mapping sent by the screen, or the columns whose names say description
// and section when none was sent.
export const resolveMapping = (
  sent: Record<string, string> | undefined,
  headers: readonly string[],
): TrainingMapping | string => {
  const find = (pattern: RegExp) => headers.find((h) => pattern.test(h));
  const description = sent?.description ?? find(/desc|narration|particular/i);
  const section = sent?.section ?? find(/^(tds\s*)?sec(tion)?(\s*(no|number|code))?$/i) ?? find(/section/i);
  const subSection = sent?.subSection ?? find(/^sub[\s_-]*sec/i);
  if (!description) return 'Map the expense description column: the header mapping has no description.';
  if (!section) return 'Map the section column: the header mapping has no section.';
  for (const [field, header] of [
    ['description', description],
    ['section', section],
    ...(subSection ? [['subSection', subSection]] : []),
  ] as const) {
    if (!headers.includes(header))
      return `The mapping names "${header}" for ${field}, but the header row has no such column (it has ${headers.map((h) => `"${h}"`).join(', ')}).`;
  }
  return { description, section, ...(subSection ? { subSection } : {}) };
};

// "194J(b)" is known when a section expense type has it; "194J" when one of
// its sub-sections is known.
export const isKnownSection = (section: string, known: ReadonlySet<string>): boolean =>
  known.has(section) || [...known].some((k) => k.replace(/\(.*\)$/, '') === section);

export const readTrainingFile = async (
  bytes: Uint8Array,
  fileName: string,
  options: { headers?: string; mapping?: Record<string, string> },
  knownSections: ReadonlySet<string>,
): Promise<TrainingFileRead> => {
  const table = await readTable(bytes, fileName, options.headers ? { header: options.headers } : {});
  const first = table.errors[0];
  if (first)
    return {
      examples: [],
      errors: [],
      fileError: `${fileName}, line ${first.line}${first.column ? `, column ${first.column}` : ''}: ${first.message}`,
    };
  const mapping = resolveMapping(options.mapping, table.headers);
  if (typeof mapping === 'string') return { examples: [], errors: [], fileError: mapping };
  const at = (name: string | undefined) => (name === undefined ? -1 : table.headers.indexOf(name));
  const d = at(mapping.description);
  const s = at(mapping.section);
  const sub = at(mapping.subSection);
  const examples: Example[] = [];
  const errors: TrainingLineError[] = [];
  for (const row of table.rows) {
    const text = (row.values[d] ?? '').trim();
    const rawSection = (row.values[s] ?? '').trim();
    const rawSub = sub >= 0 ? (row.values[sub] ?? '').trim() : '';
    if (text === '' && rawSection === '') continue;
    if (text === '') {
      errors.push({ line: row.line, column: mapping.description, message: 'the description is empty' });
      continue;
    }
    if (rawSection === '') {
      errors.push({ line: row.line, column: mapping.section, message: 'the section is empty' });
      continue;
    }
    const section = normaliseSection(rawSection, rawSub || null);
    if (section === null || !isKnownSection(section, knownSections)) {
      const shown = rawSub ? `${rawSection} ${rawSub}` : rawSection;
      errors.push({
        line: row.line,
        column: mapping.section,
        message: `"${shown}" is not a known TDS section (expected one like 194C, 194J(b) or 194I(a))`,
      });
      continue;
    }
    examples.push({ text, label: section });
  }
  if (examples.length === 0 && errors.length === 0)
    return { examples, errors, fileError: `${fileName}: the file holds no data lines below its header.` };
  return { examples, errors, fileError: null };
};

export const describeErrors = (fileName: string, errors: readonly TrainingLineError[]): string => {
  const listed = errors
    .slice(0, ERRORS_LISTED)
    .map((e) => `line ${e.line}${e.column ? ` (${e.column})` : ''}: ${e.message}`)
    .join('; ');
  const more = errors.length > ERRORS_LISTED ? `; and ${errors.length - ERRORS_LISTED} more` : '';
  return `${fileName}: ${errors.length} line(s) cannot be used for training: ${listed}${more}. Correct them and upload the file again.`;
};
