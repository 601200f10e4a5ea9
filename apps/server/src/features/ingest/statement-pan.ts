import { PAN_MISMATCH, PAN_UNCONFIRMED } from '@taxrecon/contracts';
import type { Form26asResult } from '@taxrecon/formats';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { ReceivedFile } from '../../platform/http/uploads.ts';

// A 26AS is one taxpayer's statement: loaded into another entity it would
// count a stranger's TDS as this entity's receivable. When the entity has a
// PAN, a statement of another PAN is refused outright (no "load anyway").
// Without a PAN there is nothing to compare with but the statements already
// loaded: a statement of a new PAN is loaded only when the user confirms
// (force=true), as with DUPLICATE_FILE.
export const refuseForeignPan = async (
  ctx: AppContext,
  entityId: string,
  statements: readonly { file: ReceivedFile; statement: Form26asResult }[],
  confirmed: boolean,
): Promise<void> => {
  const entity = await ctx.db
    .selectFrom('legal_entities')
    .select(['name', 'pan'])
    .where('id', '=', entityId)
    .executeTakeFirst();
  if (!entity) return;
  const known = entity.pan
    ? []
    : (
        await ctx.db
          .selectFrom('tax_statements')
          .select('pan')
          .distinct()
          .where('entity_id', '=', entityId)
          .execute()
      ).map((r) => r.pan);
  for (const { file, statement } of statements) {
    const pan = statement.header?.pan?.toUpperCase();
    if (!pan) continue; // not a statement: the ingest job reports it
    if (entity.pan) {
      if (pan !== entity.pan.toUpperCase()) {
        throw new HttpError(
          400,
          PAN_MISMATCH,
          `${file.fileName} is the 26AS of PAN ${pan}, but ${entity.name} has PAN ${entity.pan}: load it into the entity of PAN ${pan}.`,
        );
      }
      continue;
    }
    if (!confirmed && known.length > 0 && !known.includes(pan)) {
      throw new HttpError(
        409,
        PAN_UNCONFIRMED,
        `${file.fileName} is the 26AS of PAN ${pan}, but the 26AS already loaded into ${entity.name} is of PAN ${known.join(', ')}, and the entity has no PAN yet. Load it anyway only if both belong here; set the entity's PAN in Manage Legal Entities to stop this question.`,
      );
    }
  }
};
