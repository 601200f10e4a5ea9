import {
  type CustomerInput,
  TEMPLATE_ZIP_MAX_BYTES,
  type TemplateAnswer,
  type VendorInput,
} from '@taxrecon/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, currentEntity } from '../../platform/http/caller.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';
import {
  customerKind,
  type PartyInput,
  type PartyKind,
  type PartyKindName,
  vendorKind,
} from '../master-data/party/kind.ts';
import { insertParty } from '../master-data/party/repo.ts';
import { conflictOn } from '../master-data/shared.ts';
import { proposeMaster } from './propose.ts';
import { readTemplateZip, type TemplateKind } from './read-template-zip.ts';

const KINDS = {
  customer: { word: 'deductor' },
  vendor: { word: 'collector' },
} as const;

const mappingOf = (text: string | undefined): Record<string, string> | undefined => {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
  } catch {
    // answered below
  }
  throw badRequest('mappingDefinition must be a JSON object of target field to header name.', 'BAD_MAPPING');
};

// The master rows already there, by code and by TAN: a proposal naming one is not created again.
const masterKeys = async (ctx: AppContext, kind: TemplateKind, entityId: string) => {
  const rows =
    kind === 'customer'
      ? await ctx.db
          .selectFrom('customers')
          .select(['customer_code as code', 'tan_number as tan'])
          .where('entity_id', '=', entityId)
          .execute()
      : await ctx.db
          .selectFrom('vendors')
          .select(['vendor_code as code', 'tan_number as tan'])
          .where('entity_id', '=', entityId)
          .execute();
  return {
    codes: new Set(rows.map((r) => r.code?.toUpperCase()).filter((c): c is string => !!c)),
    tans: new Set(rows.map((r) => r.tan).filter((t): t is string => !!t)),
  };
};

export const proposeTemplate = async (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  kind: TemplateKind,
): Promise<TemplateAnswer> => {
  const entityId = await currentEntity(ctx, caller);
  const upload = await receiveUpload(request, ctx.files, {
    extensions: ['zip'],
    maxBytes: TEMPLATE_ZIP_MAX_BYTES,
    maxFiles: 1,
  });
  try {
    const file = upload.files[0];
    if (!file) throw badRequest('Choose the .zip of the book csv and the 26AS text files.', 'NO_FILE');
    const input = await readTemplateZip(
      kind,
      file.tempPath,
      file.fileName,
      mappingOf(upload.fields.mappingDefinition),
    );
    const known = await masterKeys(ctx, kind, entityId);
    const proposals = proposeMaster(input, KINDS[kind].word).map((p) => ({
      ...p,
      inMaster:
        (!!p.bookCode && known.codes.has(p.bookCode.toUpperCase())) ||
        (!!p.tanNumber && known.tans.has(p.tanNumber)),
    }));
    const used = new Set(proposals.map((p) => p.tanNumber));
    const matched = proposals.filter((p) => p.matchedBy !== 'NONE').length;
    return {
      message: `${proposals.length} ${kind}s in the book, ${matched} matched to the 26AS.`,
      jobId: null,
      error: null,
      fileName: file.fileName,
      proposals,
      unmatchedDeductors: input.deductors
        .filter((d) => !used.has(d.tan))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  } finally {
    await Promise.all(upload.files.map((f) => ctx.files.removeTemp(f.tempPath)));
  }
};

// Creates the reviewed rows in one transaction: all of them, or none (a code
// or TAN already in the master, or used twice in the request, is a 409 naming it).
const createParties = async <K extends PartyKindName>(
  ctx: AppContext,
  caller: Caller,
  kind: PartyKind<K>,
  rows: readonly PartyInput<K>[],
) => {
  const entityId = await currentEntity(ctx, caller);
  const lower = kind.label.toLowerCase();
  const known = await masterKeys(ctx, kind.kind as TemplateKind, entityId);
  const seenTans = new Map<string, number>();
  rows.forEach((row, i) => {
    const r = row as { tanNumber: string | null };
    const at = `Row ${i + 1}`;
    const code = kind.codeOf(row);
    if (code && known.codes.has(code.toUpperCase()))
      throw new HttpError(
        409,
        'DUPLICATE_CODE',
        `${at}: ${kind.label} Code ${code} is already in the ${lower} master.`,
      );
    if (r.tanNumber && known.tans.has(r.tanNumber))
      throw new HttpError(
        409,
        'DUPLICATE_TAN',
        `${at}: a ${lower} with TAN ${r.tanNumber} is already in the ${lower} master.`,
      );
    const twice = r.tanNumber ? seenTans.get(r.tanNumber) : undefined;
    if (twice !== undefined)
      throw new HttpError(
        409,
        'DUPLICATE_TAN',
        `${at}: TAN ${r.tanNumber} is also on row ${twice + 1}; keep one of them.`,
      );
    if (r.tanNumber) seenTans.set(r.tanNumber, i);
  });
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      for (const row of rows) {
        if (kind.idOf(row)) throw badRequest(`A template creates new ${lower}s only.`, 'NOT_NEW');
        await insertParty(trx, kind, entityId, kind.beforeSave(row));
      }
    })
    .catch(
      conflictOn(
        kind.codeUniqueConstraint,
        `A ${kind.label} Code is used twice, or is already in the ${lower} master.`,
      ),
    );
  return { message: `${rows.length} ${lower}(s) created`, created: rows.length };
};

export const createTemplateCustomers = (ctx: AppContext, caller: Caller, rows: CustomerInput[]) =>
  createParties(ctx, caller, customerKind, rows);

export const createTemplateVendors = (ctx: AppContext, caller: Caller, rows: VendorInput[]) =>
  createParties(ctx, caller, vendorKind, rows);
