import { entityLocks } from '../../../platform/queue/entity-locks.ts';

// One 34A run and one report generation per entity at a time (spec section 4:
// a second submit is throttled); platform/queue/entity-locks.ts says how a
// lock is taken and when a stale one is taken over.
export type PayableLockPurpose = 'run' | 'report';

const locks = entityLocks<PayableLockPurpose>('payable_locks');
export const takePayableLock = locks.take;
export const attachPayableLock = locks.attach;
export const releasePayableLock = locks.release;
