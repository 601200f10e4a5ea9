import { randomUUID } from 'node:crypto';
import { SMART_RECON_MAX_BYTES, SmartReconFields, type SmartReconResult } from '@taxrecon/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';

import { smartReconcile } from './match.ts';
import { readSmartReconZip } from './read-zip.ts';
import { loadResult, type Owner, saveResult } from './store.ts';

// Smart recon runs while the request waits (the spec's PUT answers with the
// results); the result is stored under a new key for accepts and downloads.

export const ownerOf = (caller: Caller): Owner => ({ tenantId: caller.tenantId, entityId: entityOf(caller) });

const settingsOf = (request: FastifyRequest, fields: Record<string, string>) => {
  const query = Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  const parsed = SmartReconFields.safeParse({ ...query, ...fields });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(
      `${first?.path.join('.') || 'settings'}: ${first?.message ?? 'invalid'} (matchMode tds or sales, matchLevel 1 to 10, tolerance 0 or more rupees).`,
      'BAD_SETTINGS',
    );
  }
  return parsed.data;
};

export const runSmartRecon = async (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
): Promise<SmartReconResult> => {
  const owner = ownerOf(caller);
  const upload = await receiveUpload(request, ctx.files, {
    extensions: ['zip'],
    maxBytes: SMART_RECON_MAX_BYTES,
    maxFiles: 1,
  });
  try {
    const settings = settingsOf(request, upload.fields);
    const file = upload.files[0]!;
    const input = await readSmartReconZip(file.tempPath, file.fileName, settings.matchMode);
    const result = smartReconcile(input, {
      key: randomUUID(),
      fileName: file.fileName,
      mode: settings.matchMode,
      level: settings.matchLevel,
      tolerance: settings.tolerance,
    });
    await saveResult(ctx, owner, result);
    ctx.log.info({ key: result.key, groups: result.results.length }, 'smart recon done');
    return result;
  } finally {
    await Promise.all(upload.files.map((f) => ctx.files.removeTemp(f.tempPath)));
  }
};

const GROUP_KEY = /^([0-9a-f-]{36})\.(\d+)$/;

// Accepts of one entity, one at a time in this process: each reads a stored
// result, marks it and writes it back, and two at once would each write back
// the result without the other's marks.
const acceptQueues = new Map<string, Promise<unknown>>();
const oneAtATime = <T>(key: string, work: () => Promise<T>): Promise<T> => {
  const run = (acceptQueues.get(key) ?? Promise.resolve()).then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  acceptQueues.set(key, settled);
  void settled.then(() => {
    if (acceptQueues.get(key) === settled) acceptQueues.delete(key);
  });
  return run;
};

// Marks groups accepted in their stored results. Accepting twice changes
// nothing, so a retried request is harmless; a key that names no match
// refuses the whole request before anything is written.
export const acceptGroups = async (ctx: AppContext, caller: Caller, keys: readonly string[]) => {
  const owner = ownerOf(caller);
  const byResult = new Map<string, Set<string>>();
  for (const key of keys) {
    const m = GROUP_KEY.exec(key);
    if (!m) throw badRequest(`${key} is not a match key ("<result key>.<group number>").`, 'BAD_MATCH_KEY');
    const set = byResult.get(m[1]!) ?? new Set<string>();
    set.add(key);
    byResult.set(m[1]!, set);
  }
  const accepted = await oneAtATime(`${owner.tenantId}/${owner.entityId}`, async () => {
    const loaded = [];
    for (const [resultKey, chosen] of byResult) {
      const result = await loadResult(ctx, owner, resultKey);
      const known = new Set(result.results.map((g) => g.key));
      const unknown = [...chosen].filter((k) => !known.has(k));
      if (unknown.length > 0)
        throw badRequest(`No such match in this result: ${unknown.join(', ')}.`, 'BAD_MATCH_KEY');
      loaded.push({ result, chosen });
    }
    let count = 0;
    for (const { result, chosen } of loaded) {
      for (const g of result.results) if (chosen.has(g.key)) g.accepted = true;
      count += chosen.size;
      await saveResult(ctx, owner, result);
    }
    return count;
  });
  // spec part 3 section 8: 'Entries updated successfully', with how many
  return { message: `Entries updated successfully: ${accepted} match(es) accepted`, accepted };
};
