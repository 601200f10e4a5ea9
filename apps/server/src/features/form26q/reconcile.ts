import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  FORM26Q_EXTENSIONS,
  FORM26Q_MAX_BYTES,
  type Form26qHeaders,
  type Form26qLine,
  type Form26qResult,
} from '@taxrecon/contracts';
import { countByStatus, type Form26qLine as EngineLine, reconcile26q } from '@taxrecon/engine';
import { numericOfPaise, sumPaise } from '@taxrecon/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { type ReceivedUpload, receiveUpload } from '../../platform/http/uploads.ts';
import { entityOf } from '../payable/runs/submit.ts';
import { bookRows } from './books.ts';
import { quarterMonths, yearAndQuarter } from './quarter.ts';
import { columnsOf, distinctValues, readReturnTable, returnRowsOf } from './read-return.ts';
import { writeResultWorkbook } from './result-workbook.ts';
import { insertReconciliation } from './store.ts';

const RULES = { extensions: FORM26Q_EXTENSIONS, maxBytes: FORM26Q_MAX_BYTES, maxFiles: 1 };

const withUpload = async <T>(
  ctx: AppContext,
  request: FastifyRequest,
  use: (upload: ReceivedUpload, bytes: Uint8Array) => Promise<T>,
): Promise<T> => {
  const upload = await receiveUpload(request, ctx.files, RULES);
  try {
    const file = upload.files[0];
    if (file === undefined) throw new Error('receiveUpload answers at least one file');
    return await use(upload, await fs.promises.readFile(file.tempPath));
  } finally {
    await Promise.all(upload.files.map((f) => ctx.files.removeTemp(f.tempPath)));
  }
};

// The header definition step: the file's headers and each column's values.
export const form26qHeaders = (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
): Promise<Form26qHeaders> => {
  entityOf(caller);
  return withUpload(ctx, request, async (upload, bytes) => {
    const fileName = upload.files[0]?.fileName ?? '';
    const table = await readReturnTable(bytes, fileName, upload.fields.headerDefinition);
    return {
      fileName,
      headerRow: table.headerLine,
      headers: table.headers,
      rows: table.rows.length,
      values: distinctValues(table),
    };
  });
};

const lineOut = (l: EngineLine): Form26qLine => ({
  ...l,
  returnBase: numericOfPaise(l.returnBase),
  returnTds: numericOfPaise(l.returnTds),
  bookBase: numericOfPaise(l.bookBase),
  bookDeducted: numericOfPaise(l.bookDeducted),
  bookDue: numericOfPaise(l.bookDue),
  difference: numericOfPaise(l.difference),
});

export const reconcile26qFile = async (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  financialYear: string,
  quarterText: string,
): Promise<Form26qResult> => {
  const entityId = entityOf(caller);
  const { fy, quarter } = yearAndQuarter(financialYear, quarterText);
  return withUpload(ctx, request, async (upload, bytes) => {
    const received = upload.files[0];
    if (received === undefined) throw new Error('receiveUpload answers at least one file');
    const { fields } = upload;
    const table = await readReturnTable(bytes, received.fileName, fields.headerDefinition);
    const { mapping, columns } = columnsOf(table, fields.mappingDefinition);
    const { rows, sectionMapping } = returnRowsOf(table, columns, fields.sectionMappingDefinition);
    const books = await bookRows(ctx, entityId, fy, quarterMonths(fy, quarter));
    const engineLines = reconcile26q(rows, books);
    const lines = engineLines.map(lineOut);
    const counts = countByStatus(engineLines);

    const id = randomUUID();
    const stem = received.fileName.replace(/\.[^.]*$/, '');
    const resultFileName = `${stem}-reconciled-${fy}-${quarter}.xlsx`;
    const extension = received.fileName.split('.').pop()?.toLowerCase() ?? 'xlsx';
    const originalKey = `form26q/${entityId}/${id}/original.${extension}`;
    const resultKey = `form26q/${entityId}/${id}/reconciled.xlsx`;
    await ctx.files.put(originalKey, fs.createReadStream(received.tempPath));
    await writeResultWorkbook(
      ctx.files,
      resultKey,
      { financialYear: fy, quarter, fileName: received.fileName },
      lines,
      counts,
    );
    const returnTds = numericOfPaise(sumPaise(engineLines.map((l) => l.returnTds)));
    const bookDeducted = numericOfPaise(sumPaise(engineLines.map((l) => l.bookDeducted)));
    await insertReconciliation(ctx, {
      id,
      entityId,
      financialYear: fy,
      quarter,
      fileName: received.fileName,
      resultFileName,
      originalKey,
      resultKey,
      mapping,
      sectionMapping,
      headerDefinition: fields.headerDefinition?.trim() || null,
      rows: rows.length,
      counts,
      returnTds,
      bookDeducted,
      lines,
      userId: caller.userId,
      login: caller.login,
    });
    ctx.log.info({ id, entityId, fy, quarter, rows: rows.length, counts }, '26Q reconciled');
    return {
      id,
      financialYear: fy,
      quarter,
      fileName: received.fileName,
      resultFileName,
      rows: rows.length,
      counts,
      returnTds,
      bookDeducted,
      createdBy: caller.login,
      createdAt: new Date().toISOString(),
      lines,
    };
  });
};
