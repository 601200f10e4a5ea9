import { formatInr, paiseOrZero } from '@taxrecon/shared';

// A year's tax difference (books less 26AS) as a card says it, short enough
// for a third of the screen: which way 26AS is off, so nobody has to
// remember which way the sign runs.
export const taxDifferenceText = (difference: string): string => {
  const paise = paiseOrZero(difference);
  if (paise === 0) return 'tax agrees; rows differ';
  const amount = formatInr(paise < 0 ? -paise : paise);
  return paise > 0 ? `26AS short by ${amount}` : `26AS over by ${amount}`;
};

// The same in full, for the text's tooltip.
export const taxDifferenceTitle = (difference: string): string =>
  `Tax in the books less tax in 26AS: ${formatInr(paiseOrZero(difference))}`;
