import type { z } from 'zod';
import { appMethods } from './app';
import { workshopMethods } from './workshop';
import { engineMethods } from './engine';
import { simMethods } from './sim';
import { reportMethods } from './report';
import { analysisMethods } from './analysis';
import { sessionMethods } from './session';
import { libraryMethods } from './library';

/** The one contract between the renderer (or any client) and the Node side. */
export const contract = {
  ...appMethods,
  ...workshopMethods,
  ...engineMethods,
  ...simMethods,
  ...reportMethods,
  ...analysisMethods,
  ...sessionMethods,
  ...libraryMethods,
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
/** What a caller sends (defaults may be omitted). */
export type RequestOf<M extends MethodName> = z.input<Contract[M]['request']>;
/** What a handler receives, after validation and defaults. */
export type ParsedRequestOf<M extends MethodName> = z.output<Contract[M]['request']>;
export type ResponseOf<M extends MethodName> = z.output<Contract[M]['response']>;

export const methodNames = Object.keys(contract) as MethodName[];
export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

export * from './define';
export * from './errors';
