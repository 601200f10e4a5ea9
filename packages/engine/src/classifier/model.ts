import { DEFAULT_BUCKETS, type SparseVector, termCounts, tfidf } from './features.ts';
import { seededRandom, shuffleInPlace } from './random.ts';

// A multinomial logistic regression over hashed TF-IDF features, trained by
// stochastic gradient descent with L2 regularisation. Pure and seeded: the
// same examples give the same model. Scores are softmax probabilities, so a
// confidence threshold means what it says.

export interface ClassifierModel {
  version: 1;
  buckets: number;
  labels: string[];
  idf: Float32Array;
  // labels.length rows of `buckets` weights, then one bias per label.
  weights: Float32Array;
  bias: Float32Array;
  trainedOn: number;
}

export interface TrainOptions {
  epochs?: number;
  learningRate?: number;
  l2?: number;
  buckets?: number;
  seed?: number;
  onProgress?: (fraction: number) => void;
}

export interface Example {
  text: string;
  label: string;
}

const softmaxInto = (scores: Float64Array): void => {
  let max = Number.NEGATIVE_INFINITY;
  for (const s of scores) if (s > max) max = s;
  let sum = 0;
  for (let i = 0; i < scores.length; i++) {
    scores[i] = Math.exp(scores[i]! - max);
    sum += scores[i]!;
  }
  for (let i = 0; i < scores.length; i++) scores[i]! /= sum;
};

const scoresInto = (
  model: Pick<ClassifierModel, 'buckets' | 'weights' | 'bias'>,
  x: SparseVector,
  out: Float64Array,
): void => {
  const { buckets, weights, bias } = model;
  for (let c = 0; c < out.length; c++) {
    let s = bias[c]!;
    const row = c * buckets;
    for (let k = 0; k < x.indices.length; k++) s += weights[row + x.indices[k]!]! * x.values[k]!;
    out[c] = s;
  }
  softmaxInto(out);
};

export const trainClassifier = (
  examples: readonly Example[],
  options: TrainOptions = {},
): ClassifierModel => {
  const buckets = options.buckets ?? DEFAULT_BUCKETS;
  const epochs = options.epochs ?? 8;
  // Weight decay per step: small, the features are already normalised.
  const l2 = options.l2 ?? 0.000_001;
  const labels = [...new Set(examples.map((e) => e.label))].sort();
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const counts = examples.map((e) => termCounts(e.text, buckets));
  // Smoothed inverse document frequency over the training set.
  const df = new Uint32Array(buckets);
  for (const c of counts) for (const b of c.keys()) df[b]!++;
  const idf = new Float32Array(buckets);
  for (let b = 0; b < buckets; b++) idf[b] = Math.log((1 + examples.length) / (1 + df[b]!)) + 1;
  const xs = counts.map((c) => tfidf(c, idf));
  const ys = examples.map((e) => labelIndex.get(e.label)!);

  const model = {
    buckets,
    labels,
    weights: new Float32Array(labels.length * buckets),
    bias: new Float32Array(labels.length),
  };
  const random = seededRandom(options.seed ?? 1);
  const order = Array.from(xs.keys());
  const p = new Float64Array(labels.length);
  let step = 0;
  const total = epochs * xs.length;
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const i of order) {
      const rate = (options.learningRate ?? 0.5) / (1 + 0.5 * (step / xs.length));
      const x = xs[i]!;
      scoresInto(model, x, p);
      for (let c = 0; c < labels.length; c++) {
        const g = p[c]! - (ys[i] === c ? 1 : 0);
        if (g === 0) continue;
        const row = c * buckets;
        for (let k = 0; k < x.indices.length; k++) {
          const w = row + x.indices[k]!;
          model.weights[w] = model.weights[w]! - rate * (g * x.values[k]! + l2 * model.weights[w]!);
        }
        model.bias[c] = model.bias[c]! - rate * g;
      }
      step++;
      if (options.onProgress && step % 10_000 === 0) options.onProgress(step / total);
    }
  }
  return { version: 1, ...model, idf, trainedOn: examples.length };
};

export interface Prediction {
  label: string;
  score: number; // probability, 0..1
}

// Labels by falling probability, those at or above the threshold (0..1).
export const predict = (model: ClassifierModel, text: string, threshold = 0): Prediction[] => {
  const x = tfidf(termCounts(text, model.buckets), model.idf);
  if (x.indices.length === 0) return [];
  const p = new Float64Array(model.labels.length);
  scoresInto(model, x, p);
  return model.labels
    .map((label, c) => ({ label, score: p[c]! }))
    .filter((r) => r.score >= threshold)
    .sort((a, b) => b.score - a.score || (a.label < b.label ? -1 : 1));
};
