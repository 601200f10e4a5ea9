// Engine-local normalisation of PAN, TAN and GSTIN. Full validation (the
// GSTIN checksum) belongs to the formats package; here an identifier that
// does not have the right shape is simply not used for identity.

const TAN_SHAPE = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

const clean = (raw: string | null | undefined): string => (raw ? raw.replace(/\s+/g, '').toUpperCase() : '');

export const normaliseTan = (raw: string | null | undefined): string | null => {
  const v = clean(raw);
  return TAN_SHAPE.test(v) ? v : null;
};

export const normalisePan = (raw: string | null | undefined): string | null => {
  const v = clean(raw);
  return PAN_SHAPE.test(v) ? v : null;
};

// A GSTIN is state code (2) + PAN (10) + entity number + 'Z' + check
// character, so characters 3 to 12 are the holder's PAN.
export const panFromGstin = (raw: string | null | undefined): string | null => {
  const v = clean(raw);
  return v.length === 15 ? normalisePan(v.slice(2, 12)) : null;
};
