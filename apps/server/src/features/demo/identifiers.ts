import { gstinCheckCharacter } from '@taxrecon/shared';
import type { Random } from './random.ts';

// PAN: 3 letters, the holder type (4th letter), the initial of the name (of
// the surname for a person), 4 digits, a letter. TAN: the 3-letter city
// code, the initial of the deductor's name, 5 digits, a letter. GSTIN: state
// code, PAN, entity number, Z, check character.

export type Holder = 'company' | 'firm' | 'individual' | 'government';

const HOLDER_LETTER: Readonly<Record<Holder, string>> = {
  company: 'C',
  firm: 'F',
  individual: 'P',
  government: 'G',
};

export const gstinFor = (stateCode: string, pan: string, entityNumber = '1'): string => {
  const first14 = `${stateCode}${pan}${entityNumber}Z`;
  const check = gstinCheckCharacter(first14);
  if (check === null) throw new RangeError(`cannot build a GSTIN from ${first14}`);
  return first14 + check;
};

// Hands out identifiers that are never repeated within one generated company.
export class IdentifierMint {
  private readonly used = new Set<string>();

  constructor(private readonly random: Random) {}

  pan(holder: Holder, initial: string): string {
    return this.unique(
      () =>
        `${this.random.letter()}${this.random.letter()}${this.random.letter()}${HOLDER_LETTER[holder]}${initial.toUpperCase()}${this.random.digits(4)}${this.random.letter()}`,
    );
  }

  tan(cityPrefix: string, initial: string): string {
    return this.unique(
      () => `${cityPrefix}${initial.toUpperCase()}${this.random.digits(5)}${this.random.letter()}`,
    );
  }

  private unique(make: () => string): string {
    for (;;) {
      const value = make();
      if (!this.used.has(value)) {
        this.used.add(value);
        return value;
      }
    }
  }
}
