import { cut26asText, type Form26asResult, merge26asChunks, parse26asText } from '@taxrecon/formats';
import type { WorkerPool } from '../lib/worker-pool.ts';
import type { ParseTask } from './parse-chunk.ts';

// A 26AS statement: a big one is cut at deductor rows and its pieces parsed
// in the pool's threads, joined in file order into what one pass gives
// (formats/form-26as/chunks.ts); a small one, or without threads, in one pass.
const chunkChars = () => Number(process.env.TAXRECON_PARSE_CHUNK_BYTES) || 4 << 20;

export const read26asStatement = async (
  data: Uint8Array,
  name: string,
  pool: WorkerPool | null,
): Promise<Form26asResult> => {
  const size = chunkChars();
  if (!pool || data.length < 2 * size) return parse26asText(data, name);
  const chunks = cut26asText(data, name, size);
  if (chunks.length < 2) return parse26asText(data, name);
  const parts = await pool.run<ParseTask, Form26asResult>(chunks.map((chunk) => ({ type: '26as', chunk })));
  return merge26asChunks(parts);
};
