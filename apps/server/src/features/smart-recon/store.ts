import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { SmartReconResult } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';

// A smart recon result is kept in the file store under its entity, so it
// outlives the process and a key from another entity finds nothing.

export interface Owner {
  tenantId: string;
  entityId: string;
}

const keyOf = (owner: Owner, key: string): string =>
  `smart-recon/${owner.tenantId}/${owner.entityId}/${key}.json`;

export const NO_RESULT = 'Smart reconciliation result not found';

export const saveResult = async (ctx: AppContext, owner: Owner, result: SmartReconResult): Promise<void> => {
  await ctx.files.put(keyOf(owner, result.key), Readable.from([Buffer.from(JSON.stringify(result), 'utf8')]));
};

export const loadResult = async (ctx: AppContext, owner: Owner, key: string): Promise<SmartReconResult> => {
  const file = keyOf(owner, key);
  if (!(await ctx.files.exists(file))) throw notFound(NO_RESULT);
  return SmartReconResult.parse(JSON.parse((await buffer(ctx.files.get(file))).toString('utf8')));
};
