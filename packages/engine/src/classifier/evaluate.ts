import { type ClassifierModel, type Example, predict, type TrainOptions, trainClassifier } from './model.ts';
import { seededRandom, shuffleInPlace } from './random.ts';

// Accuracy and macro-F1 of a model on examples it did not see; `holdOut`
// trains on four fifths of a file and reports on the fifth held back, as the
// training job does.

export interface Evaluation {
  examples: number;
  accuracy: number;
  macroF1: number;
  perLabel: { label: string; precision: number; recall: number; f1: number; support: number }[];
}

export const evaluate = (model: ClassifierModel, examples: readonly Example[]): Evaluation => {
  const labels = [...new Set([...model.labels, ...examples.map((e) => e.label)])].sort();
  const tp = new Map<string, number>();
  const fp = new Map<string, number>();
  const fn = new Map<string, number>();
  let correct = 0;
  for (const e of examples) {
    const guess = predict(model, e.text)[0]?.label ?? '';
    if (guess === e.label) {
      correct++;
      tp.set(e.label, (tp.get(e.label) ?? 0) + 1);
    } else {
      fn.set(e.label, (fn.get(e.label) ?? 0) + 1);
      if (guess) fp.set(guess, (fp.get(guess) ?? 0) + 1);
    }
  }
  const perLabel = labels.map((label) => {
    const t = tp.get(label) ?? 0;
    const precision = t + (fp.get(label) ?? 0) === 0 ? 0 : t / (t + (fp.get(label) ?? 0));
    const recall = t + (fn.get(label) ?? 0) === 0 ? 0 : t / (t + (fn.get(label) ?? 0));
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { label, precision, recall, f1, support: t + (fn.get(label) ?? 0) };
  });
  const present = perLabel.filter((l) => l.support > 0);
  return {
    examples: examples.length,
    accuracy: examples.length ? correct / examples.length : 0,
    macroF1: present.length ? present.reduce((s, l) => s + l.f1, 0) / present.length : 0,
    perLabel,
  };
};

// Every fifth example of each section (in a seeded shuffle) is held back for
// the evaluation, so a section of four examples or fewer is all learned: a
// fifth taken over the whole file could take a rare section's only line and
// leave a model that never proposes it.
export const trainWithHoldOut = (
  examples: readonly Example[],
  options: TrainOptions = {},
): { model: ClassifierModel; evaluation: Evaluation } => {
  const shuffled = shuffleInPlace([...examples], seededRandom(options.seed ?? 1));
  const seen = new Map<string, number>();
  const heldBack = shuffled.map((e) => {
    const n = seen.get(e.label) ?? 0;
    seen.set(e.label, n + 1);
    return n % 5 === 4;
  });
  const train = shuffled.filter((_, i) => !heldBack[i]);
  const test = shuffled.filter((_, i) => heldBack[i]);
  const model = trainClassifier(train, options);
  return { model, evaluation: evaluate(model, test) };
};
