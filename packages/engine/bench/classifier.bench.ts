// npm run bench:classifier [-- --examples 125000]
//
// The expense classifier on a labelled set of generated ledger narrations
// (abbreviations, typos, parties and periods): trains on four fifths, reports
// accuracy and macro-F1 on the fifth held back, and the training time
// (100,000 narrations unless told).
import { parseArgs } from 'node:util';
import { predict, sampleDescriptions, trainClassifier, trainWithHoldOut } from '../src/index.ts';

const { values } = parseArgs({ options: { examples: { type: 'string', default: '100000' } } });
const count = Number(values.examples);
const examples = sampleDescriptions(count, 11);
const started = performance.now();
const { model, evaluation } = trainWithHoldOut(examples);
const trainSeconds = (performance.now() - started) / 1000;
const t = performance.now();
for (const e of examples.slice(0, 10_000)) predict(model, e.text);
const predictMs = (performance.now() - t) / 10_000;
console.log(
  `expense classifier, ${count} narrations (${model.trainedOn} to train, ${evaluation.examples} held back):`,
);
console.log(
  `  accuracy ${(evaluation.accuracy * 100).toFixed(1)}%, macro-F1 ${(evaluation.macroF1 * 100).toFixed(1)}%`,
);
console.log(
  `  training ${trainSeconds.toFixed(1)} s (features, idf and 8 epochs), prediction ${predictMs.toFixed(3)} ms each`,
);
// The training job's own figure: every line of the file, not four fifths of it.
const full = performance.now();
trainClassifier(examples);
console.log(`  training on all ${count} narrations: ${((performance.now() - full) / 1000).toFixed(1)} s`);
for (const l of evaluation.perLabel)
  console.log(
    `  ${l.label.padEnd(8)} precision ${(l.precision * 100).toFixed(1)}% recall ${(l.recall * 100).toFixed(1)}% (${l.support})`,
  );
