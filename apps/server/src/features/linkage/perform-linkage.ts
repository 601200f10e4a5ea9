import fs from 'node:fs';
import { LINKAGE_FILE_HEADER, type PerformLinkageAnswer } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/errors.ts';

const TAN_SHAPE = /^[A-Z]{4}[0-9]{5}[A-Z]$/;

export interface ReviewedLink {
  line: number;
  tan: string;
  customerCode: string;
}

// Reads the reviewed preview: the header as written, then one line a TAN; only
// lines marked Y are linked. Any wrong line refuses the whole file, naming it.
export const readReviewedFile = (fileName: string, text: string): ReviewedLink[] => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split('\t').map((h) => h.trim().toLowerCase());
  const expected = LINKAGE_FILE_HEADER.map((h) => h.toLowerCase());
  if (expected.some((h, i) => header[i] !== h)) {
    throw badRequest(
      `${fileName}, line 1: expected the preview's header "${LINKAGE_FILE_HEADER.join(' | ')}" (tab-separated), found "${(lines[0] ?? '').slice(0, 120)}"`,
      'INVALID_LINKAGE_FILE',
    );
  }
  const links: ReviewedLink[] = [];
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (raw.trim() === '') return;
    const cells = raw.split('\t').map((c) => c.trim());
    const at = (column: number, what: string) =>
      badRequest(
        `${fileName}, line ${line}, column ${column + 1} (${LINKAGE_FILE_HEADER[column]}): expected ${what}, found "${cells[column] ?? ''}"`,
        'INVALID_LINKAGE_FILE',
      );
    const link = (cells[4] ?? '').toUpperCase();
    if (link !== 'Y' && link !== 'N') throw at(4, 'Y or N');
    if (link === 'N') return;
    const tan = (cells[0] ?? '').toUpperCase();
    if (!TAN_SHAPE.test(tan)) throw at(0, 'a TAN such as MUMA12345B');
    if (!cells[2]) throw at(2, 'the code of the customer to link the TAN to');
    links.push({ line, tan, customerCode: cells[2] });
  });
  const seen = new Map<string, ReviewedLink>();
  for (const l of links) {
    const first = seen.get(l.tan);
    if (first && first.customerCode !== l.customerCode) {
      throw badRequest(
        `${fileName}, line ${l.line}: TAN ${l.tan} is marked Y for customer ${l.customerCode} and on line ${first.line} for ${first.customerCode}; mark one`,
        'INVALID_LINKAGE_FILE',
      );
    }
    seen.set(l.tan, first ?? l);
  }
  return [...seen.values()];
};

// Writes the links as the customers' linked TANs (customer_children) in one
// transaction: a customer code the entity does not have refuses the file.
export const performLinkage = async (
  ctx: AppContext,
  entityId: string,
  file: { fileName: string; tempPath: string },
): Promise<PerformLinkageAnswer> => {
  const links = readReviewedFile(file.fileName, await fs.promises.readFile(file.tempPath, 'utf8'));
  if (links.length === 0) {
    return {
      severity: 'error',
      message: `${file.fileName}: no line is marked Y; nothing was linked.`,
      linked: 0,
      alreadyLinked: 0,
    };
  }
  return ctx.db.transaction().execute(async (tx) => {
    const customers = await tx
      .selectFrom('customers')
      .select(['id', 'customer_code', 'tan_number'])
      .where('entity_id', '=', entityId)
      .where('customer_code', 'in', [...new Set(links.map((l) => l.customerCode))])
      .execute();
    const byCode = new Map(customers.map((c) => [c.customer_code!, c]));
    // A TAN is one customer's (DOMAIN 6.1: rows resolve by TAN; one the
    // master gives to two customers resolves to neither): a TAN already
    // another customer's own, or linked to another, refuses the file.
    const tans = [...new Set(links.map((l) => l.tan))];
    const holders = await tx
      .selectFrom('customers as c')
      .leftJoin('customer_children as ch', 'ch.customer_id', 'c.id')
      .select(['c.customer_code', 'c.tan_number', 'ch.tan_number as linked_tan'])
      .where('c.entity_id', '=', entityId)
      .where((eb) => eb.or([eb('c.tan_number', 'in', tans), eb('ch.tan_number', 'in', tans)]))
      .execute();
    for (const l of links) {
      const other = holders.find(
        (h) => h.customer_code !== l.customerCode && (h.tan_number === l.tan || h.linked_tan === l.tan),
      );
      if (other)
        throw badRequest(
          `${file.fileName}, line ${l.line}: TAN ${l.tan} is already ${other.tan_number === l.tan ? 'the own TAN' : 'a linked TAN'} of customer ${other.customer_code ?? '(no code)'}; a TAN can be one customer's only. Nothing was linked.`,
          'TAN_TAKEN',
        );
    }
    let linked = 0;
    let alreadyLinked = 0;
    for (const l of links) {
      const c = byCode.get(l.customerCode);
      if (!c) {
        throw badRequest(
          `${file.fileName}, line ${l.line}, column 3 (Customer Code): no customer "${l.customerCode}" in this entity's master`,
          'UNKNOWN_CUSTOMER',
        );
      }
      if (c.tan_number === l.tan) {
        alreadyLinked++;
        continue;
      }
      const inserted = await tx
        .insertInto('customer_children')
        .values({ customer_id: c.id, tan_number: l.tan })
        .onConflict((oc) => oc.columns(['customer_id', 'tan_number']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) linked++;
      else alreadyLinked++;
    }
    return {
      severity: 'success',
      message: `${linked} TANs linked to their customers${alreadyLinked ? `; ${alreadyLinked} were linked already` : ''}.`,
      linked,
      alreadyLinked,
    };
  });
};
