// The build version the screens show (spec part 1 section 1).
export const VERSION = '1.0';
