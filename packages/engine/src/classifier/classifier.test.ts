import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, trainWithHoldOut } from './evaluate.ts';
import { predict, trainClassifier } from './model.ts';
import { sampleDescriptions } from './sample-descriptions.ts';
import { modelFromBytes, modelToBytes } from './serialize.ts';

// The expense classifier: it learns sections from narrations, generalises to
// abbreviations and typos it has not seen, is deterministic, and survives
// being stored.

const examples = sampleDescriptions(4_000);
const { model, evaluation } = trainWithHoldOut(examples, { buckets: 1 << 16, epochs: 6 });

describe('expense classifier', () => {
  it('predicts the section of held-back narrations well above chance', () => {
    // Ten sections: chance is about 10%.
    // every fifth example of each section is held back
    const perSection = new Map<string, number>();
    for (const e of examples) perSection.set(e.label, (perSection.get(e.label) ?? 0) + 1);
    const heldBack = [...perSection.values()].reduce((s, n) => s + Math.floor(n / 5), 0);
    expect(heldBack).toBeGreaterThan(780);
    expect(evaluation.examples).toBe(heldBack);
    expect(evaluation.accuracy).toBeGreaterThan(0.9);
    expect(evaluation.macroF1).toBeGreaterThan(0.9);
  });

  it.each([
    ['PROF FEES FOR STATUTORY AUDIT', '194J(b)'],
    ['freight inwrd charges sai traders', '194C'],
    ['office rent june', '194I(b)'],
    ['crane hire charges', '194I(a)'],
    ['comm on sales q2', '194H'],
  ])('reads %s as %s', (text, section) => {
    expect(predict(model, text)[0]?.label).toBe(section);
  });

  it('gives probabilities that sum to one and honours the threshold', () => {
    const all = predict(model, 'legal fees');
    expect(all.reduce((s, p) => s + p.score, 0)).toBeCloseTo(1, 6);
    const confident = predict(model, 'legal fees', 0.3);
    expect(confident.length).toBeGreaterThan(0);
    expect(confident.every((p) => p.score >= 0.3)).toBe(true);
    expect(predict(model, '!!! ---')).toEqual([]);
  });

  it('is the same model from the same examples', () => {
    const small = sampleDescriptions(300, 3);
    const a = trainClassifier(small, { buckets: 1 << 12, epochs: 2 });
    const b = trainClassifier(small, { buckets: 1 << 12, epochs: 2 });
    expect(Array.from(a.weights)).toEqual(Array.from(b.weights));
  });

  it('stores and restores a model that predicts the same', () => {
    const restored = modelFromBytes(modelToBytes(model));
    fc.assert(
      fc.property(fc.constantFrom(...examples.slice(0, 200)), (e) => {
        expect(predict(restored, e.text)).toEqual(predict(model, e.text));
      }),
      { numRuns: 50 },
    );
    expect(evaluate(restored, examples.slice(0, 200)).accuracy).toBe(
      evaluate(model, examples.slice(0, 200)).accuracy,
    );
    expect(() => modelFromBytes(new TextEncoder().encode('{"magic":"x"}\n'))).toThrow(
      /not a TaxRecon classifier/,
    );
  });
});
