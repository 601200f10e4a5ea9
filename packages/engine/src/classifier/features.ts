// Text to sparse TF-IDF features: lower-cased words and the character 3- to
// 5-grams of each word (with its boundaries), hashed into a fixed number of
// buckets so a model has a fixed size whatever the vocabulary. Character
// n-grams carry the abbreviations and misspellings of ledger narrations
// ("prof fees", "proffesional", "consultncy") to the same features.

export const DEFAULT_BUCKETS = 1 << 17;

export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

// FNV-1a, 32 bit: a fast, well-spread hash of a feature's text.
const hash = (s: string, salt: number): number => {
  let h = 0x811c9dc5 ^ salt;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

const WORD = /[a-z0-9]+/g;

export const tokens = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

// Term counts by bucket: words under one salt, n-grams under another so a
// word never collides with its own n-grams on purpose.
export const termCounts = (text: string, buckets: number): Map<number, number> => {
  const counts = new Map<number, number>();
  const add = (feature: string, salt: number) => {
    const b = hash(feature, salt) % buckets;
    counts.set(b, (counts.get(b) ?? 0) + 1);
  };
  const words = tokens(text);
  for (const w of words) {
    add(w, 1);
    const padded = `<${w}>`;
    for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) add(padded.slice(i, i + n), 2);
  }
  // Adjacent word pairs: "rent office" and "office rent" say more than either word.
  for (let i = 0; i + 1 < words.length; i++) add(`${words[i]} ${words[i + 1]}`, 3);
  return counts;
};

// Sublinear term frequency times inverse document frequency, L2-normalised.
export const tfidf = (counts: Map<number, number>, idf: Float32Array): SparseVector => {
  const indices = new Int32Array(counts.size);
  const values = new Float32Array(counts.size);
  let k = 0;
  let norm = 0;
  for (const [b, c] of counts) {
    const v = (1 + Math.log(c)) * (idf[b] ?? 0);
    indices[k] = b;
    values[k] = v;
    norm += v * v;
    k++;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < values.length; i++) values[i]! *= scale;
  return { indices, values };
};
