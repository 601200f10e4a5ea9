// push(...items) passes every item as an argument and overflows the stack at a
// few lakh items; files here have more rows than that.
export const append = <T>(target: T[], items: Iterable<T>): T[] => {
  for (const item of items) target.push(item);
  return target;
};
