import { z } from 'zod';

/** A finite number (JSON cannot carry NaN/Infinity, and engines must never see them). */
export const finite = () => z.number().refine(Number.isFinite, { message: 'must be a finite number' });
