import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

// A job whose work goes out of the database one piece at a time (a mail
// queued per vendor) cannot make that work part of its commit. It records
// each piece as a step right after doing it, and a run retried after a crash
// skips the steps already recorded: only the piece in flight at the crash can
// be done twice, not the whole list again.
export const jobSteps = async (db: Kysely<DB>, jobId: string): Promise<Set<string>> =>
  new Set(
    (await db.selectFrom('job_steps').select('step').where('job_id', '=', jobId).execute()).map(
      (r) => r.step,
    ),
  );

export const recordJobStep = async (db: Kysely<DB>, jobId: string, step: string): Promise<void> => {
  await db
    .insertInto('job_steps')
    .values({ job_id: jobId, step })
    .onConflict((oc) => oc.doNothing())
    .execute();
};
