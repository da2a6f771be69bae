import { z } from 'zod';
import { defineMethod } from './define';
import {
  SimCalibrateRequestSchema,
  SimCalibrationSchema,
  SimCatalogueSchema,
  SimReferencesSchema,
  SimResultSchema,
  SimScenarioSchema,
  SimSweepRequestSchema,
  SimSweepResultSchema,
} from '../cost/schema';

/** The cost & throughput simulator's methods; their schemas are the cost domain's (shared/cost/schema.ts). */
export const simMethods = {
  'sim.run': defineMethod({
    name: 'sim.run',
    summary: 'Discrete-event simulation of an agentic-RL training run: step times, utilisation, GPU-hours and cost per archetype.',
    request: SimScenarioSchema,
    response: SimResultSchema,
    job: true,
  }),
  'sim.sweep': defineMethod({
    name: 'sim.sweep',
    summary: 'Runs one scenario across values of one field and returns the curves.',
    request: SimSweepRequestSchema,
    response: SimSweepResultSchema,
    job: true,
  }),
  'sim.estimate': defineMethod({
    name: 'sim.estimate',
    summary: 'Closed-form estimate of the same outputs as sim.run, fast enough for live sliders.',
    request: SimScenarioSchema,
    response: SimResultSchema,
  }),
  'sim.catalogue': defineMethod({
    name: 'sim.catalogue',
    summary: 'The GPU catalogue (vendor specs, default prices) and the default scenario.',
    request: z.strictObject({}),
    response: SimCatalogueSchema,
  }),
  'sim.calibrate': defineMethod({
    name: 'sim.calibrate',
    summary:
      'Fits training MFU, decode bandwidth efficiency and per-step overhead to a pilot’s measurements, and projects the full-scale run with a p10–p90 band.',
    request: SimCalibrateRequestSchema,
    response: SimCalibrationSchema,
    job: true,
  }),
  'sim.references': defineMethod({
    name: 'sim.references',
    summary: 'Published agentic-RL runs (verl, AReaL, DeepSWE) mapped to scenarios: each published figure beside the simulator’s prediction and its error.',
    request: z.strictObject({}),
    response: SimReferencesSchema,
    job: true,
  }),
};
