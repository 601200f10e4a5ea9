import {
  emptyPartsAfterTcs,
  emptyPartsBeforeTcs,
  NO_TRANSACTIONS,
  PART_HEADINGS,
  partyHeaderLine,
  partyLine,
  type TaxPart,
  transactionHeaderLine,
  transactionLine,
} from '@taxrecon/formats';
import type { CreditParty, CreditRow } from './credits.ts';

export interface RowPosition {
  file: string;
  line: number;
}

export interface RenderedStatements {
  files: { fileName: string; content: string }[];
  positions: Map<CreditRow, RowPosition>;
}

class Lines {
  readonly lines: string[] = [];
  push(...lines: string[]): number {
    this.lines.push(...lines);
    return this.lines.length;
  }
  text(): string {
    return `${this.lines.join('\r\n')}\r\n`;
  }
}

const writeParties = (
  out: Lines,
  part: TaxPart,
  parties: readonly CreditParty[],
  firstSrNo: number,
  file: string,
  positions: Map<CreditRow, RowPosition>,
): void => {
  out.push(partyHeaderLine(part));
  parties.forEach((party, i) => {
    const totals = { amount: 0, tax: 0, deposited: 0 };
    for (const r of party.rows) {
      totals.amount += r.amount;
      totals.tax += r.tax;
      totals.deposited += r.deposited;
    }
    out.push(partyLine(firstSrNo + i, party.name, party.tan, totals, party.groupedAmounts));
    // TRACES repeats the column header of the transactions under every party.
    out.push(transactionHeaderLine(part));
    party.rows.forEach((r, k) => {
      const line = out.push(transactionLine(k + 1, r, party.groupedAmounts, party.trailingCaret));
      positions.set(r, { file, line });
    });
  });
};

// Text downloads are capped per file, so a big statement comes as several
// files: here PART-I is cut in two by transaction count, and the second file
// carries the rest of PART-I and the other parts.
export const renderStatements = (
  header: readonly string[],
  tds: readonly CreditParty[],
  tcs: readonly CreditParty[],
  fileNames: readonly [string, string],
): RenderedStatements => {
  const positions = new Map<CreditRow, RowPosition>();
  const total = tds.reduce((n, p) => n + p.rows.length, 0);
  let cut = 0;
  for (let seen = 0; cut < tds.length && seen < total / 2; cut++) seen += tds[cut]!.rows.length;
  const [firstName, secondName] = fileNames;

  const first = new Lines();
  first.push(...header, PART_HEADINGS.I);
  writeParties(first, 'TDS', tds.slice(0, cut), 1, firstName, positions);

  const second = new Lines();
  second.push(...header, PART_HEADINGS.I);
  writeParties(second, 'TDS', tds.slice(cut), cut + 1, secondName, positions);
  second.push(...emptyPartsBeforeTcs(), PART_HEADINGS.VI);
  if (tcs.length === 0) second.push(NO_TRANSACTIONS);
  else writeParties(second, 'TCS', tcs, 1, secondName, positions);
  second.push(...emptyPartsAfterTcs());

  return {
    files: [
      { fileName: firstName, content: first.text() },
      { fileName: secondName, content: second.text() },
    ],
    positions,
  };
};
