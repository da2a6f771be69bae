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

/** A finite number (JSON cannot carry NaN/Infinity, and engines must never see them). */
export const finite = () => z.number().refine(Number.isFinite, { message: 'must be a finite number' });

/** Progress of a long job: fraction done in [0, 1] and an optional stage label. */
export const ProgressSchema = z.object({ done: z.number().min(0).max(1), stage: z.string().optional() });
export type Progress = z.infer<typeof ProgressSchema>;
