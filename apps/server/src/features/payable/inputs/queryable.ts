import type pg from 'pg';

// The loaders read through a pool or a client; both answer query().
export type Queryable = Pick<pg.Pool, 'query'>;

export const iso = (d: string | null | undefined): string | null => (d ? d.slice(0, 10) : null);
