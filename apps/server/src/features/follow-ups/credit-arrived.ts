import { formatInr, numericOfPaise, paiseOfNumeric } from '@taxrecon/shared';
import type pg from 'pg';

// When a later reconciliation of the same entity, kind and year finds more
// 26AS credit for a customer (vendor) with an open follow-up thread, the thread gets a
// system ACTION entry saying what arrived. Called by the reconciliation job
// inside the transaction that writes its result, so the entry and the result
// commit together and a retried job writes neither twice. "More" is measured
// against the most 26AS credit any entry of the thread recorded: a comment or
// a status change carries the totals of the thread's own (earlier) job, so the
// latest entry would make the same credit arrive again after every comment.
export const recordArrivedCredits = async (
  client: Pick<pg.PoolClient, 'query'>,
  jobId: string,
): Promise<number> => {
  const found = await client.query<{
    id: string;
    entity_id: string;
    kind: 'TDS' | 'TCS';
    customer_name: string;
    book_amount: string;
    book_tax: string;
    tb_amount: string;
    tb_tax: string;
    last_tb_tax: string | null;
  }>(
    `SELECT t.id, t.entity_id, r.kind, t.customer_name, p.book_amount::text, p.book_tax::text, p.tb_amount::text,
            p.tb_tax::text,
            (SELECT max(c.total_tax_from_tax_book)::text FROM follow_up_conversations c
              WHERE c.thread_id = t.id AND c.total_tax_from_tax_book IS NOT NULL) AS last_tb_tax
       FROM recon_runs r
       JOIN follow_up_threads t
         ON t.entity_id = r.entity_id AND t.kind = r.kind AND t.financial_year = r.financial_year
        AND t.status = 'Open' AND t.job_id <> r.job_id
       JOIN recon_parties p ON p.job_id = r.job_id AND p.party_key = t.party_key
      WHERE r.job_id = $1`,
    [jobId],
  );
  let written = 0;
  for (const t of found.rows) {
    const before = paiseOfNumeric(t.last_tb_tax ?? '0');
    const now = paiseOfNumeric(t.tb_tax);
    if (now <= before) continue;
    const difference = paiseOfNumeric(t.book_tax) - now;
    // a TCS thread's credit is the vendor's collection in Part VI (session 40: it said TDS)
    const credit = t.kind === 'TCS' ? 'TCS' : 'TDS';
    const where = t.kind === 'TCS' ? '26AS Part VI' : '26AS';
    const text =
      `26AS credit arrived: a later reconciliation finds ${formatInr(now)} ${credit} from ${t.customer_name} in ${where}, ` +
      `${formatInr(now - before)} more than when this thread last recorded it. ` +
      `Difference (our books - 26AS) is now ${formatInr(difference)}.`;
    await client.query(
      `INSERT INTO follow_up_conversations (thread_id, entity_id, conversation_type, comments, system_created,
          icon, badge_color, author_login, total_from_book, total_tax_from_book, total_from_tax_book,
          total_tax_from_tax_book, additional_info)
        VALUES ($1, $2, 'ACTION', $3, true, 'coin', 'teal', 'system', $4, $5, $6, $7, $8)`,
      [
        t.id,
        t.entity_id,
        text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
        t.book_amount,
        t.book_tax,
        t.tb_amount,
        t.tb_tax,
        JSON.stringify({ jobId, arrivedTax: numericOfPaise(now - before) }),
      ],
    );
    await client.query('UPDATE follow_up_threads SET updated_at = now() WHERE id = $1', [t.id]);
    written += 1;
  }
  return written;
};
