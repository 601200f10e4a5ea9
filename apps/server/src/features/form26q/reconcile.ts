import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
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
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { type ReceivedUpload, receiveUpload } from '../../platform/http/uploads.ts';

import { bookRows } from './books.ts';
import { type Quarter, quarterMonths, yearAndQuarter } from './quarter.ts';
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

// Who reconciles, and for which entity (a caller, or the demo's owner).
export interface Reconciler {
  entityId: string;
  userId: string;
  login: string;
}

// A filed return as received: its name, its bytes and the definitions made on
// the header, mapping and section mapping steps.
export interface ReturnFile {
  fileName: string;
  bytes: Uint8Array;
  fields: { headerDefinition?: string; mappingDefinition?: string; sectionMappingDefinition?: string };
}

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
    const who = { entityId, userId: caller.userId, login: caller.login };
    return reconcileReturn(ctx, who, fy, quarter, {
      fileName: received.fileName,
      bytes,
      fields: upload.fields,
    });
  });
};

// Reads the filed return, reconciles it against the quarter's books, keeps
// the original and the result workbook, and records the reconciliation.
export const reconcileReturn = async (
  ctx: AppContext,
  who: Reconciler,
  fy: string,
  quarter: Quarter,
  file: ReturnFile,
): Promise<Form26qResult> => {
  const { entityId } = who;
  const { fields, fileName, bytes } = file;
  const table = await readReturnTable(bytes, fileName, fields.headerDefinition);
  const { mapping, columns } = columnsOf(table, fields.mappingDefinition);
  const { rows, sectionMapping } = returnRowsOf(table, columns, fields.sectionMappingDefinition);
  const books = await bookRows(ctx, entityId, fy, quarterMonths(fy, quarter));
  const engineLines = reconcile26q(rows, books);
  const lines = engineLines.map(lineOut);
  const counts = countByStatus(engineLines);

  const id = randomUUID();
  const stem = fileName.replace(/\.[^.]*$/, '');
  const resultFileName = `${stem}-reconciled-${fy}-${quarter}.xlsx`;
  const extension = fileName.split('.').pop()?.toLowerCase() ?? 'xlsx';
  const originalKey = `form26q/${entityId}/${id}/original.${extension}`;
  const resultKey = `form26q/${entityId}/${id}/reconciled.xlsx`;
  await ctx.files.put(originalKey, Readable.from([Buffer.from(bytes)]));
  await writeResultWorkbook(ctx.files, resultKey, { financialYear: fy, quarter, fileName }, lines, counts);
  const returnTds = numericOfPaise(sumPaise(engineLines.map((l) => l.returnTds)));
  const bookDeducted = numericOfPaise(sumPaise(engineLines.map((l) => l.bookDeducted)));
  await insertReconciliation(ctx, {
    id,
    entityId,
    financialYear: fy,
    quarter,
    fileName,
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
    userId: who.userId,
    login: who.login,
  });
  ctx.log.info({ id, entityId, fy, quarter, rows: rows.length, counts }, '26Q reconciled');
  return {
    id,
    financialYear: fy,
    quarter,
    fileName,
    resultFileName,
    rows: rows.length,
    counts,
    returnTds,
    bookDeducted,
    createdBy: who.login,
    createdAt: new Date().toISOString(),
    lines,
  };
};
