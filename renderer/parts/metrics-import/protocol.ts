import type { BuildResult, Candidate, ColumnMapping } from '../../../shared/model';

/** Messages between the metrics page and its import worker (`pasted`: the file holds cells pasted from a spreadsheet). */
export type ToWorker =
  | { type: 'parse'; file: File; pasted: boolean; delimiter: string; candidates: Pick<Candidate, 'id' | 'name' | 'kind'>[] }
  | { type: 'map'; mapping: ColumnMapping };

export interface TableSummary {
  header: string[];
  hasHeader: boolean;
  delimiter: string;
  rowCount: number;
  /** The first rows, for the preview. */
  sample: string[][];
}

export type FromWorker =
  | { type: 'progress'; fraction: number }
  | { type: 'parsed'; table: TableSummary; mapping: ColumnMapping; result: BuildResult }
  | { type: 'built'; mapping: ColumnMapping; result: BuildResult }
  | { type: 'failed'; message: string };
