import { z } from 'zod';

/**
 * One contract method: its name, the zod schema of its request and of its response.
 * `job: true` marks a long computation: hosts run it off the main thread and stream
 * progress events; callers can cancel it.
 */
export interface MethodDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
  readonly job?: boolean;
}

export function defineMethod<Req extends z.ZodType, Res extends z.ZodType>(def: {
  name: string;
  summary: string;
  request: Req;
  response: Res;
  job?: boolean;
}): MethodDef<Req, Res> {
  return def;
}

export { finite } from '../validation/numbers';

/**
 * A participant × candidate × criterion cube of finite numbers or `null`, checked in one loop
 * without copying: a schema per cell made validating a 20 × 10 × 12 evaluation cost about a
 * millisecond, which a slider drag pays on every step. Names the first 20 bad entries by path.
 */
export const finiteCube = () =>
  z
    .custom<(number | null)[][][]>((v) => Array.isArray(v), { message: 'must be a list (one per participant)' })
    .superRefine((cube, ctx) => {
      if (!Array.isArray(cube)) return;
      let bad = 0;
      /** Reports one problem; true once 20 have been reported. */
      const report = (path: number[], message: string) => {
        // `continue: false`: the request's own refinements must not run on a malformed cube.
        ctx.addIssue({ code: 'custom', path, message, continue: false });
        return ++bad >= 20;
      };
      for (let p = 0; p < cube.length; p++) {
        const plane: unknown = cube[p];
        if (!Array.isArray(plane)) {
          if (report([p], 'must be a list (one per candidate)')) return;
          continue;
        }
        for (let c = 0; c < plane.length; c++) {
          const row: unknown = plane[c];
          if (!Array.isArray(row)) {
            if (report([p, c], 'must be a list (one per criterion)')) return;
            continue;
          }
          for (let k = 0; k < row.length; k++) {
            const s: unknown = row[k];
            if (s === null || (typeof s === 'number' && Number.isFinite(s))) continue;
            if (report([p, c, k], 'must be a finite number or null')) return;
          }
        }
      }
    });

/** Progress of a long job: fraction done in [0, 1] and an optional stage label. */
export const ProgressSchema = z.object({ done: z.number().min(0).max(1), stage: z.string().optional() });
export type Progress = z.infer<typeof ProgressSchema>;
