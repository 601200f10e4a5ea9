import { describe, expect, it } from 'vitest';
import { trainWithHoldOut } from './evaluate.ts';
import { type Example, predict } from './model.ts';
import { sampleDescriptions } from './sample-descriptions.ts';

// The held-back fifth is taken per section (session 38's audit: taken over
// the whole file, it could take a rare section's only line).

describe('classifier hold-out', () => {
  // The server accepts a file of at least 10 described lines over at least two
  // sections "to learn from" (training-upload.ts MIN_TRAINING_LINES); the
  // held-back fifth must not take every line of a section away from the lines
  // the model learns from, or the model knows one section and answers it at
  // 100% for every description.
  it('learns every section of the file, whatever line a rare section is on', () => {
    const contracts = sampleDescriptions(200, 21)
      .filter((e) => e.label === '194C')
      .slice(0, 9);
    const lost: number[] = [];
    for (let at = 0; at < 10; at++) {
      const examples: Example[] = [...contracts];
      examples.splice(at, 0, { text: 'commission on sales q2 dealer', label: '194H' });
      const { model } = trainWithHoldOut(examples, { buckets: 1 << 12 });
      if (!model.labels.includes('194H')) {
        lost.push(at + 2); // file line: the header is line 1
        expect(predict(model, 'commission on sales q2 dealer')[0]).toEqual({ label: '194C', score: 1 });
      }
    }
    expect(lost, 'file lines of the only 194H example that the model never learned').toEqual([]);
  });
});
