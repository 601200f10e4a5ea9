import {
  MAX_TANS_PER_SYNC,
  TANPAN_MESSAGES,
  type TanPanResult,
  type TanPanSyncAnswer,
} from '@taxrecon/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { PortalError, type TracesClient } from './traces-client.ts';

const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

// A customer TAN is unverified while the master has no PAN for it: the sync
// asks the portal who holds the TAN and fills the PAN (and a missing legal name).
const unverified = (ctx: AppContext, entityId: string) =>
  ctx.db
    .selectFrom('customers')
    .where('entity_id', '=', entityId)
    .where('tan_number', 'is not', null)
    .where('tan_number', '<>', '')
    .where((eb) => eb.or([eb('pan_number', 'is', null), eb('pan_number', '=', '')]));

export const unverifiedTanCount = async (ctx: AppContext, entityId: string): Promise<number> => {
  const row = await unverified(ctx, entityId)
    .select((eb) => eb.fn.count<string>('tan_number').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

// A refused captcha or login is the caller's to fix (400). A portal that does
// not answer is not: the answer says so with severity 'error' and nothing is
// written, like the captcha call does.
const portalFailure = async (
  ctx: AppContext,
  entityId: string,
  error: unknown,
  results: TanPanResult[],
): Promise<TanPanSyncAnswer> => {
  if (error instanceof PortalError && error.kind === 'captcha')
    throw badRequest(TANPAN_MESSAGES.captchaFailed, 'CAPTCHA_FAILED');
  if (error instanceof PortalError && error.kind === 'credentials')
    throw badRequest(TANPAN_MESSAGES.authFailed, 'TRACES_LOGIN_FAILED');
  if (!(error instanceof PortalError)) throw error;
  const remaining = await unverifiedTanCount(ctx, entityId);
  return { severity: 'error', message: TANPAN_MESSAGES.syncFailed, results, remaining };
};

export const syncTanPan = async (
  ctx: AppContext,
  client: TracesClient,
  entityId: string,
  login: { user: string; password: string; captchaText: string; cookie: string },
): Promise<TanPanSyncAnswer> => {
  try {
    await client.login(login.user, login.password, login.captchaText, login.cookie);
  } catch (error) {
    ctx.log.warn({ reason: (error as Error).message }, 'TRACES sign-in failed');
    return portalFailure(ctx, entityId, error, []);
  }
  // The portal verifies at most 500 TANs a session (spec part 3 section 9).
  const tans = (
    await unverified(ctx, entityId)
      .select('tan_number')
      .select((eb) => eb.fn.min('tan_checked_at').as('checked'))
      .groupBy('tan_number')
      // not asked about longest first: TANs the portal cannot resolve stay
      // unverified and must not take the next sync's 500 again
      .orderBy(sql`min(tan_checked_at) NULLS FIRST`)
      .orderBy('tan_number')
      .limit(MAX_TANS_PER_SYNC)
      .execute()
  ).map((r) => r.tan_number!);
  const results: TanPanResult[] = [];
  try {
    for (const tan of tans) {
      const found = await client.tanDetails(tan, login.cookie);
      const pan = found.pan && PAN_SHAPE.test(found.pan) ? found.pan : null;
      results.push({
        ...found,
        pan,
        error:
          found.error ?? (pan ? null : found.pan ? `"${found.pan}" is not a PAN` : 'the portal gave no PAN'),
      });
    }
  } catch (error) {
    ctx.log.warn({ reason: (error as Error).message, looked: results.length }, 'TRACES lookups stopped');
    return portalFailure(ctx, entityId, error, results);
  }
  await ctx.db.transaction().execute(async (tx) => {
    if (results.length > 0)
      await tx
        .updateTable('customers')
        .set({ tan_checked_at: new Date() })
        .where('entity_id', '=', entityId)
        .where(
          'tan_number',
          'in',
          results.map((r) => r.tan),
        )
        .execute();
    for (const r of results) {
      if (!r.pan) continue;
      await tx
        .updateTable('customers')
        .set((eb) => ({
          pan_number: r.pan,
          legal_name: eb.fn.coalesce('legal_name', eb.val(r.name)),
          updated_at: new Date(),
        }))
        .where('entity_id', '=', entityId)
        .where('tan_number', '=', r.tan)
        .where((eb) => eb.or([eb('pan_number', 'is', null), eb('pan_number', '=', '')]))
        .execute();
    }
  });
  const remaining = await unverifiedTanCount(ctx, entityId);
  if (tans.length > 0 && results.every((r) => !r.pan)) {
    return { severity: 'error', message: TANPAN_MESSAGES.authFailed, results, remaining };
  }
  const left =
    remaining > 0
      ? ` ${remaining} TANs are still unverified; sync again for the next ${MAX_TANS_PER_SYNC}.`
      : '';
  return {
    severity: 'success',
    message:
      tans.length === 0
        ? 'There are no unverified TANs to sync.'
        : `${TANPAN_MESSAGES.synced}${left ? `.${left}` : ''}`,
    results,
    remaining,
  };
};
