/**
 * The shape a translation must have: the English tree with every string widened to `string`
 * (functions keep their parameters). `const zh: Widen<typeof en> = {...}` is then a compile
 * error when a key is missing, and — the literal being fresh — when one is added or misspelt.
 * The one exception is a plural's `_one` form: Chinese has no singular, so it may be left out
 * (the `_other` form is required).
 */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R
    : { readonly [K in keyof T as K extends `${string}_one` ? never : K]: Widen<T[K]> } & {
        readonly [K in keyof T as K extends `${string}_one` ? K : never]?: Widen<T[K]>;
      };
