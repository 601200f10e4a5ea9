// Rewrites fixtures/*.expected.json from the current parsers. Run after a
// deliberate change, then read the diff before committing:
//   npx tsx packages/formats/scripts/regenerate-fixtures.ts
import { writeFile } from 'node:fs/promises';
import { expectedPath, goldenCases, runGolden } from '../src/testing/golden-cases.ts';

for (const c of goldenCases) {
  const output = await runGolden(c);
  await writeFile(expectedPath(c.input), `${JSON.stringify(output, null, 2)}\n`);
  console.log(`wrote ${expectedPath(c.input)}`);
}
