import { rupeesOfNumeric } from '@taxrecon/shared';

// numeric text (as summed by SQL) -> the API's rupees text "1234.50"
export const money = (n: string | number | null | undefined): string => rupeesOfNumeric(n ?? '0');
