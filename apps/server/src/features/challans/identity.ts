import type { DepositMode } from '@taxrecon/contracts';
import { normaliseSection, splitSection } from '@taxrecon/engine';
import type pg from 'pg';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { monthLabel } from '../payable/runs/months.ts';

// What makes a challan one challan: the bank's CIN, BSR code + date of deposit
// + the branch's serial number of that day (RBI, OLTAS). A transfer voucher
// (book entry) is one by its Form 24G receipt number + DDO serial number +
// voucher date, held in the same columns (migrations/046): identity is per
// deposit mode, so a voucher never clashes with a bank challan. The 26Q carries each
// challan once, so the same CIN entered twice (on one line or two) would be
// claimed twice. No unique index guards it: databases from before this check
// may already hold duplicates, and a migration failing on them would stop the
// app starting. Check and insert run instead under a per-entity transaction
// advisory lock, which serialises concurrent creates and edits of an entity.

export const lockEntityChallans = async (db: pg.PoolClient, entityId: string): Promise<void> => {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payable-challans:${entityId}`]);
};

// Serial numbers compare as the 26Q writes them, padded to 5 digits: the
// counterfoil's 00123 and a typed 123 are the same challan.
export const sameSerialSql = (param: string): string =>
  `lpad(challan_serial_number, 5, '0') = lpad(${param}, 5, '0')`;

export const refuseDuplicateChallan = async (
  db: pg.PoolClient,
  entityId: string,
  cin: { bsrCode: string; dateOfDeposit: string; challanSerialNumber: string; depositMode: DepositMode },
  exceptId: string | null,
): Promise<void> => {
  const { rows } = await db.query<{ month: string; section_number: string; sub_section: string }>(
    `SELECT month, section_number, sub_section FROM payable_challans
      WHERE entity_id = $1 AND bsr_code = $2 AND ${sameSerialSql('$3')} AND date_of_deposit = $4::date
        AND ($5::uuid IS NULL OR id <> $5::uuid) AND deposit_mode = $6
      LIMIT 1`,
    [entityId, cin.bsrCode, cin.challanSerialNumber, cin.dateOfDeposit, exceptId, cin.depositMode],
  );
  const other = rows[0];
  if (!other) return;
  const where = `${monthLabel(other.month)}, section ${other.section_number}${other.sub_section ? `(${other.sub_section})` : ''}`;
  throw new HttpError(
    409,
    'CHALLAN_DUPLICATE',
    cin.depositMode === 'book_entry'
      ? `The transfer voucher with Form 24G receipt number ${cin.bsrCode}, DDO serial number ${cin.challanSerialNumber} and date ${cin.dateOfDeposit} is already recorded (${where}): a voucher is entered once.`
      : `The challan with BSR code ${cin.bsrCode}, date of deposit ${cin.dateOfDeposit} and serial number ${cin.challanSerialNumber} is already recorded (${where}): a challan is entered once.`,
  );
};

// The section and sub-section of a new challan in the form summary lines
// carry them ('194J' and 'b'), or a 400 when they name no TDS section. The
// canonical name is read back: normaliseSection keeps any sub-section text it
// is given, and only the bracketed form is held to 1-3 letters or digits.
export const challanSection = (section: string, subsection: string): { section: string; sub: string } => {
  const canonical = normaliseSection(section, subsection);
  if (!canonical || normaliseSection(canonical) !== canonical)
    throw badRequest(
      `section: ${section}${subsection ? ` with sub-section ${subsection}` : ''} is not a TDS section (e.g. 194C, 194J with sub-section b)`,
      'INVALID_SECTION',
    );
  const [number, sub] = splitSection(canonical);
  return { section: number, sub: sub ?? '' };
};
