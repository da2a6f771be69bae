/**
 * Pilot metrics import (seed §六.4 指标对比): parsing a file into a table and mapping its columns
 * (`metrics-parse.ts`), then building metric series per candidate (`metrics-series.ts`).
 */
export * from './metrics-parse';
export * from './metrics-series';
