import { entityLocks } from '../../../platform/queue/entity-locks.ts';

// One reconciliation and one report generation per entity at a time (spec
// sections 4 and 8: a second submit is throttled); platform/queue/entity-locks.ts
// says how a lock is taken and when a stale one is taken over.
export type LockPurpose = 'recon' | 'report';

const locks = entityLocks<LockPurpose>('recon_locks');
export const takeLock = locks.take;
export const attachLock = locks.attach;
export const releaseLock = locks.release;
