export * from './money.ts';
export * from './price.ts';
export * from './periods.ts';
export * from './candles.ts';
export * from './market-hours.ts';
