const PERCENT = new Intl.NumberFormat('en-IN', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

// 0.9561 -> '95.6%'
export const formatPercent = (fraction: number): string => PERCENT.format(fraction);

// A rate or score already in percent: 10 -> '10%', 0.1 -> '0.1%'
export const formatPercentValue = (value: number): string =>
  `${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(value)}%`;
