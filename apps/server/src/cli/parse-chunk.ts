import { type Form26asChunk, parse26asChunk } from '@taxrecon/formats';
import { type RegisterChunk, readRegisterChunk } from './register-chunk.ts';

// The CLI's parsing threads (lib/worker-pool.ts) run this module: a piece of
// a big register or of a big 26AS statement, whichever the task carries.
export type ParseTask = { type: 'register'; chunk: RegisterChunk } | { type: '26as'; chunk: Form26asChunk };

export const runTask = (task: unknown) => {
  const t = task as ParseTask;
  return { result: t.type === '26as' ? parse26asChunk(t.chunk) : readRegisterChunk(t.chunk) };
};
