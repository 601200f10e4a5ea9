// A small seeded generator (mulberry32) so the demo company is the same on
// every machine and every run: screenshots and tests rely on it.

export interface Random {
  // Uniform in [0, 1).
  next(): number;
  // Whole number from min to max, both included.
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  letter(): string;
  digits(count: number): string;
  // A new generator whose sequence depends only on this one's seed and the label,
  // so adding draws in one part of the generator does not reshuffle another.
  fork(label: string): Random;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const hashLabel = (label: string): number => {
  // FNV-1a, 32 bits.
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

export const createRandom = (seed: number): Random => {
  const origin = seed >>> 0;
  let state = origin;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    chance: (probability) => next() < probability,
    letter: () => LETTERS[int(0, 25)]!,
    digits: (count) => {
      let s = '';
      for (let i = 0; i < count; i++) s += String(int(0, 9));
      return s;
    },
    fork: (label) => createRandom((origin ^ hashLabel(label)) >>> 0),
  };
};
