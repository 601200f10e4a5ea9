import type { Conversation, FollowUpType, Thread } from '@taxrecon/contracts';
import { numericOfPaise, paiseOfNumeric, rupeesOfNumeric } from '@taxrecon/shared';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type {
  FollowUpConversationsTable,
  FollowUpThreadsTable,
} from '../../platform/db/schema-follow-ups.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { PartyTotals } from './transactions.ts';

// Threads and their history, always inside one entity: a thread id of
// another entity is "not found", never shown.

type Db = Kysely<DB> | Transaction<DB>;
export type ThreadRow = Selectable<FollowUpThreadsTable>;
type ConversationRow = Selectable<FollowUpConversationsTable>;

export const THREAD_NOT_FOUND = 'Follow-up thread not found';

export const followUpTypeOf = (kind: 'TDS' | 'TCS'): FollowUpType =>
  kind === 'TDS' ? 'TDSFollowup' : 'TCSFollowup';
export const kindOfType = (type: FollowUpType): 'TDS' | 'TCS' => (type === 'TDSFollowup' ? 'TDS' : 'TCS');

export const threadView = (t: ThreadRow): Thread => ({
  threadId: t.id,
  jobId: t.job_id,
  userId: t.created_by_login,
  customerTan: t.customer_tan,
  entityId: t.party_key,
  customerName: t.customer_name,
  followupType: followUpTypeOf(t.kind),
  financialYear: t.financial_year,
  status: t.status,
  createdDateTime: t.created_at.toISOString(),
  updatedDateTime: t.updated_at.toISOString(),
  transactionsStartDate: t.transactions_start,
  transactionsEndDate: t.transactions_end,
});

const money = (v: string | null) => (v === null ? null : rupeesOfNumeric(v));
const diff = (a: string | null, b: string | null) =>
  a === null || b === null ? null : numericOfPaise(paiseOfNumeric(a) - paiseOfNumeric(b));

export const conversationView = (c: ConversationRow): Conversation => ({
  id: String(c.id),
  threadId: c.thread_id,
  userId: c.author_login,
  conversationType: c.conversation_type,
  comments: c.comments,
  systemCreated: c.system_created,
  metadata: { icon: c.icon, badgeColor: c.badge_color },
  createdDateTime: c.created_at.toISOString(),
  totalFromBook: money(c.total_from_book),
  totalTaxFromBook: money(c.total_tax_from_book),
  totalFromTaxBook: money(c.total_from_tax_book),
  totalTaxFromTaxBook: money(c.total_tax_from_tax_book),
  diffTotal: diff(c.total_from_book, c.total_from_tax_book),
  diffTax: diff(c.total_tax_from_book, c.total_tax_from_tax_book),
  additionalInfo:
    c.additional_info && typeof c.additional_info === 'object'
      ? (c.additional_info as Record<string, unknown>)
      : null,
});

const threadSelect = (db: Db) =>
  db
    .selectFrom('follow_up_threads')
    .selectAll()
    .select([
      sql<string | null>`transactions_start::text`.as('transactions_start'),
      sql<string | null>`transactions_end::text`.as('transactions_end'),
    ]);

export const findThread = async (db: Db, entityId: string, threadId: string): Promise<ThreadRow> => {
  const row = await threadSelect(db)
    .where('id', '=', threadId)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  if (!row) throw notFound(THREAD_NOT_FOUND);
  return row;
};

export const threadsOfParty = (db: Db, entityId: string, partyKeys: string[], jobId?: string) => {
  let q = threadSelect(db).where('entity_id', '=', entityId).where('party_key', 'in', partyKeys);
  if (jobId) q = q.where('job_id', '=', jobId);
  return q.orderBy('created_at', 'desc').execute();
};

export interface ThreadParty {
  entityId: string;
  jobId: string;
  kind: 'TDS' | 'TCS';
  financialYear: string;
  partyKey: string;
  party: number;
  tan: string | null;
  name: string;
}

// The customer's thread of this job, created (Open) on its first follow-up;
// a closed thread followed up again opens again.
export const ensureThread = async (tx: Db, p: ThreadParty, login: string): Promise<ThreadRow> => {
  const range = await tx
    .selectFrom('recon_rows')
    .select([
      sql<string | null>`min(txn_date)::text`.as('from'),
      sql<string | null>`max(txn_date)::text`.as('to'),
    ])
    .where('job_id', '=', p.jobId)
    .where('party', '=', p.party)
    .executeTakeFirst();
  await tx
    .insertInto('follow_up_threads')
    .values({
      entity_id: p.entityId,
      job_id: p.jobId,
      kind: p.kind,
      financial_year: p.financialYear,
      party_key: p.partyKey,
      customer_tan: p.tan,
      customer_name: p.name,
      transactions_start: range?.from ?? null,
      transactions_end: range?.to ?? null,
      created_by_login: login,
    })
    .onConflict((oc) => oc.columns(['entity_id', 'job_id', 'party_key']).doNothing())
    .execute();
  const thread = await threadSelect(tx)
    .where('entity_id', '=', p.entityId)
    .where('job_id', '=', p.jobId)
    .where('party_key', '=', p.partyKey)
    .executeTakeFirstOrThrow();
  return thread;
};

export interface NewEntry {
  threadId: string;
  entityId: string;
  type: 'ACTION' | 'COMMENT';
  comments: string;
  systemCreated?: boolean;
  icon?: string | null;
  badgeColor?: string | null;
  login: string;
  totals: PartyTotals | null;
  additionalInfo?: Record<string, unknown> | null;
}

const numeric = (p: number) => numericOfPaise(p);

export const addEntry = async (tx: Db, e: NewEntry): Promise<Conversation> => {
  const row = await tx
    .insertInto('follow_up_conversations')
    .values({
      thread_id: e.threadId,
      entity_id: e.entityId,
      conversation_type: e.type,
      comments: e.comments,
      system_created: e.systemCreated ?? false,
      icon: e.icon ?? null,
      badge_color: e.badgeColor ?? null,
      author_login: e.login,
      total_from_book: e.totals ? numeric(e.totals.bookAmount) : null,
      total_tax_from_book: e.totals ? numeric(e.totals.bookTax) : null,
      total_from_tax_book: e.totals ? numeric(e.totals.taxBookAmount) : null,
      total_tax_from_tax_book: e.totals ? numeric(e.totals.taxBookTax) : null,
      additional_info: e.additionalInfo ? JSON.stringify(e.additionalInfo) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('follow_up_threads')
    .set({ updated_at: new Date() })
    .where('id', '=', e.threadId)
    .execute();
  return conversationView(row);
};

export const conversationsOf = async (db: Db, thread: ThreadRow): Promise<Conversation[]> =>
  (
    await db
      .selectFrom('follow_up_conversations')
      .selectAll()
      .where('thread_id', '=', thread.id)
      .where('entity_id', '=', thread.entity_id)
      .orderBy('id')
      .execute()
  ).map(conversationView);

// The party's totals in a job, as the thread's entries record them.
export const partyTotals = async (db: Db, jobId: string, party: number): Promise<PartyTotals | null> => {
  const p = await db
    .selectFrom('recon_parties')
    .select(['book_amount', 'book_tax', 'tb_amount', 'tb_tax'])
    .where('job_id', '=', jobId)
    .where('party', '=', party)
    .executeTakeFirst();
  return p
    ? {
        bookAmount: paiseOfNumeric(p.book_amount),
        bookTax: paiseOfNumeric(p.book_tax),
        taxBookAmount: paiseOfNumeric(p.tb_amount),
        taxBookTax: paiseOfNumeric(p.tb_tax),
      }
    : null;
};
