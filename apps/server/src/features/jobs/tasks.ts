import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { defineTask } from '../../platform/queue/task.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';

const buffer = async (stream: AsyncIterable<Buffer>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

// Every e-mail goes out through this job, so a mail server that is briefly down
// costs a retry with backoff rather than a lost message.
export const sendEmailTask = (mailer: Mailer, files: () => FileStore) =>
  defineTask({
    queue: 'send-email',
    jobType: 'SendEmail',
    internal: true,
    input: z.object({
      to: z.string(),
      cc: z.array(z.string()).optional(),
      subject: z.string(),
      text: z.string(),
      html: z.string().optional(),
      tenantId: z.string().nullable().optional(),
      attachments: z
        .array(z.object({ fileName: z.string(), key: z.string(), contentType: z.string().optional() }))
        .optional(),
    }),
    retryLimit: 5,
    retryDelaySeconds: 5,
    run: async (mail, job) => {
      const outcome = { remarks: `Sent to ${mail.to}` };
      const { attachments, ...rest } = mail;
      const read = await Promise.all(
        (attachments ?? []).map(async (a) => ({
          fileName: a.fileName,
          content: await buffer(files().get(a.key)),
          ...(a.contentType ? { contentType: a.contentType } : {}),
        })),
      );
      await mailer.deliver({ ...rest, attachments: read }, (trx) => job.complete(trx, outcome));
      return outcome;
    },
  });

const DATA_TABLES = ['customers', 'vendors', 'sales_entries', 'tax_entries', 'purchase_entries'] as const;

// The data-quality report of one entity: how many ingest jobs were rejected rows
// and how many rows each data table holds. Tables that later releases add are
// counted once they exist.
export const dataQualityReportTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'data-quality-report',
    jobType: 'DataQualityReport',
    input: z.object({ entityId: z.string().uuid() }),
    retryLimit: 2,
    retryDelaySeconds: 5,
    run: async ({ entityId }, job) => {
      const { db } = ctx();
      const counts: Record<string, number> = {};
      for (const [i, table] of DATA_TABLES.entries()) {
        const exists = await sql<{
          present: boolean;
        }>`SELECT to_regclass(${table}) IS NOT NULL AS present`.execute(db);
        if (exists.rows[0]?.present) {
          const n = await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE entity_id = ${entityId}`.execute(db);
          counts[table] = n.rows[0]?.n ?? 0;
        }
        await job.progress(((i + 1) / (DATA_TABLES.length + 1)) * 100);
      }
      const invalid = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entity_id', '=', entityId)
        .where(sql<boolean>`coalesce((result->>'invalidRows')::int, 0) > 0`)
        .executeTakeFirstOrThrow();
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      return {
        remarks: `${Number(invalid.n)} ingest job(s) with invalid rows; ${rows} data row(s) checked.`,
        result: {
          tables: counts,
          ingestJobsWithInvalidRows: Number(invalid.n),
          generatedAt: new Date().toISOString(),
        },
        transactionsCount: rows,
      };
    },
  });
