import fs from 'node:fs';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { ConverterFormat } from '@taxrecon/contracts';
import { diff26as, diffOtherParts, otherPartRows, parse26asStream } from '@taxrecon/formats';
import { sql } from 'kysely';
import { z } from 'zod';
import { unseal } from '../../platform/auth/seal.ts';
import type { AppContext } from '../../platform/context.ts';
import { defineTask, type TaskContext, type TaskOutcome } from '../../platform/queue/task.ts';
import { baseNames, convertStatement, type OutputFile } from './converter-output.ts';
import { diffWorkbook } from './diff-workbook.ts';
import { writeEncryptedZip } from './encrypted-zip.ts';
import { issueText } from './statement-check.ts';

export const ZIP_PASSWORD_PURPOSE = 'converter-zip-password';

const StoredUpload = z.object({ fileName: z.string(), key: z.string() });

const ConvertInput = z.object({
  format: ConverterFormat,
  email: z.string(),
  tenantId: z.string().uuid(),
  files: z.array(StoredUpload).min(1),
  // AES-GCM under the installation's secret (platform/auth/seal.ts); wiped
  // from the queue's payload when the job ends. Never the password in clear.
  sealedPassword: z.string(),
});
type ConvertInput = z.infer<typeof ConvertInput>;

const DiffInput = z.object({
  email: z.string(),
  tenantId: z.string().uuid(),
  files: z.tuple([StoredUpload, StoredUpload]),
});
type DiffInput = z.infer<typeof DiffInput>;

// The uploaded statements are the user's own data, kept only until the job ends.
const removeInputs = async (ctx: AppContext, files: readonly { key: string }[]) => {
  for (const f of files) {
    await ctx.files.remove(f.key).catch((error: unknown) => {
      ctx.log.error({ err: error, key: f.key }, 'removing a utility upload failed');
    });
  }
};

// The sealed password leaves the queue entry (and so the archive pg-boss keeps).
const wipeSealedPassword = sql`data #- '{input,sealedPassword}'`;

const FORMAT_WORDS = { csv: 'CSV', excel: 'Excel' } as const;

// Marks the job Completed and wipes the sealed password in one transaction.
const finish = async (ctx: AppContext, job: TaskContext, outcome: TaskOutcome) => {
  await ctx.db.transaction().execute(async (trx) => {
    await sql`UPDATE pgboss.job SET data = ${wipeSealedPassword} WHERE id = ${job.jobId}`.execute(trx);
    await job.complete(trx, outcome);
  });
};

const linesOf = (ctx: AppContext, key: string) =>
  readline.createInterface({ input: ctx.files.get(key), crlfDelay: Number.POSITIVE_INFINITY });

const convertJob = async (ctx: AppContext, input: ConvertInput, job: TaskContext): Promise<TaskOutcome> => {
  const password = unseal(ctx.secret, ZIP_PASSWORD_PURPOSE, input.sealedPassword);
  const names = baseNames(input.files.map((f) => f.fileName));
  const outputs: OutputFile[] = [];
  const zipPath = ctx.files.tempPath();
  let parts = 0;
  const attachment =
    input.files.length === 1 ? `${names[0]}-${input.format}.zip` : `26AS-${input.format}.zip`;
  const key = `utilities/${job.jobId}/${attachment}`;
  try {
    for (const [i, file] of input.files.entries()) {
      const converted = await convertStatement(linesOf(ctx, file.key), names[i]!, input.format, () =>
        ctx.files.tempPath(),
      );
      outputs.push(...converted.files);
      parts += converted.parts;
      await job.progress(((i + 1) / (input.files.length + 1)) * 90);
    }
    await writeEncryptedZip(outputs, password, zipPath);
    await ctx.files.put(key, fs.createReadStream(zipPath));
  } finally {
    await Promise.all([zipPath, ...outputs.map((o) => o.path)].map((p) => ctx.files.removeTemp(p)));
  }
  const words = FORMAT_WORDS[input.format];
  const statements = input.files.map((f) => f.fileName).join(', ');
  // Mail first, then the Completed mark. The mail is named by the job, so a
  // retry after a crash in between queues nothing new: sent once, never lost.
  await ctx.sendMail(
    {
      to: input.email,
      tenantId: input.tenantId,
      subject: `TaxRecon: 26AS converted to ${words}`,
      text:
        `${statements} converted to ${words}: ${
          input.format === 'excel'
            ? 'one workbook per statement, one sheet per part of the statement'
            : 'one csv file per part of each statement'
        }.\n\nThe attached zip is encrypted (AES-256) with the password you chose when you submitted the request. ` +
        'TaxRecon does not keep that password: open the zip with 7-Zip, WinRAR or another zip tool that reads AES.\n',
      attachments: [{ fileName: attachment, key, contentType: 'application/zip' }],
    },
    { once: `${job.jobId}:result` },
  );
  const outcome: TaskOutcome = {
    remarks: `${input.files.length} statement(s), ${parts} part(s) converted to ${words}; e-mailed to ${input.email}`,
    result: { format: input.format, statements: input.files.length, parts, files: outputs.length },
  };
  await finish(ctx, job, outcome);
  await removeInputs(ctx, input.files);
  return outcome;
};

const diffJob = async (ctx: AppContext, input: DiffInput, job: TaskContext): Promise<TaskOutcome> => {
  const [first, second] = input.files;
  const before = await parse26asStream(ctx.files.get(first.key), first.fileName);
  await job.progress(30);
  const after = await parse26asStream(ctx.files.get(second.key), second.fileName);
  await job.progress(60);
  // A row the parser could not read would be left out and reported as
  // removed (or added): the diff is refused instead, naming the row. Retrying
  // cannot help, but the runner's retries are few and the reason stays.
  const unreadable = [...before.errors, ...after.errors][0];
  if (unreadable) {
    const problems = before.errors.length + after.errors.length;
    throw new Error(
      `${issueText(unreadable.file, unreadable)}${problems > 1 ? ` (${problems - 1} more unreadable row(s))` : ''} Correct the file or download it again from TRACES, then compare again.`,
    );
  }
  const result = diff26as(before, after);
  // the request checked both headers; this is a statement that changed under us
  if (!result.ok) throw new Error(result.message);
  const { diff } = result;
  // the parts not modelled above, row by row (a second pass over each file)
  const others = diffOtherParts(
    await otherPartRows(linesOf(ctx, first.key)),
    await otherPartRows(linesOf(ctx, second.key)),
  );
  await job.progress(80);
  const book = await diffWorkbook(diff, others, [first.fileName, second.fileName]);
  const attachment = `26AS-diff-${diff.pan}.xlsx`;
  const key = `utilities/${job.jobId}/${attachment}`;
  await ctx.files.put(key, Readable.from([Buffer.from(book)]));
  const c = diff.counts;
  const otherAdded = others.filter((o) => o.kind === 'added').length;
  const otherRemoved = others.length - otherAdded;
  const summary = `${c.added} transaction(s) added, ${c.removed} removed, ${c.changed} changed${
    others.length > 0 ? `; in the other parts ${otherAdded} row(s) added, ${otherRemoved} removed` : ''
  }`;
  // named by the job, as the converter's: a retry after a crash queues nothing new
  await ctx.sendMail(
    {
      to: input.email,
      tenantId: input.tenantId,
      subject: `TaxRecon: 26AS diff for ${diff.pan}`,
      text:
        `The differences between ${first.fileName} (earlier) and ${second.fileName} (later), PAN ${diff.pan}: ${summary}.\n\n` +
        'The attached workbook lists them per part, deductor and transaction, the earlier values beside the later ones.\n',
      attachments: [
        {
          fileName: attachment,
          key,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    },
    { once: `${job.jobId}:result` },
  );
  const outcome: TaskOutcome = {
    remarks: `PAN ${diff.pan}: ${summary}; e-mailed to ${input.email}`,
    result: { pan: diff.pan, counts: diff.counts, otherParts: { added: otherAdded, removed: otherRemoved } },
    transactionsCount: diff.transactions.length,
  };
  await finish(ctx, job, outcome);
  await removeInputs(ctx, input.files);
  return outcome;
};

// Settles what a job that finally failed held: the uploads and the sealed password.
const onFailed =
  (ctx: () => AppContext) => async (input: { files: { key: string }[] }, failure: { jobId: string }) => {
    await sql`UPDATE pgboss.job SET data = ${wipeSealedPassword} WHERE id = ${failure.jobId}`.execute(
      ctx().db,
    );
    await removeInputs(ctx(), input.files);
  };

const LARGE_FILE_SECONDS = 2 * 60 * 60;

export const utilityTasks = (ctx: () => AppContext) => ({
  convert: defineTask({
    queue: 'utility-26as-converter',
    jobType: 'Form26asConverter',
    input: ConvertInput,
    retryLimit: 2,
    retryDelaySeconds: 5,
    // a 200,000,000-byte statement takes about 13 minutes as Excel here
    expireInSeconds: LARGE_FILE_SECONDS,
    run: (input, job) => convertJob(ctx(), input, job),
    onFailed: onFailed(ctx),
  }),
  diff: defineTask({
    queue: 'utility-26as-diff',
    jobType: 'Form26asDiff',
    input: DiffInput,
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: LARGE_FILE_SECONDS,
    run: (input, job) => diffJob(ctx(), input, job),
    onFailed: onFailed(ctx),
  }),
});
export type UtilityTasks = ReturnType<typeof utilityTasks>;
