import { z } from 'zod';

/**
 * A request schema as a *stored* value: the same fields, types and per-field bounds, with
 * every `.default()` / `.prefault()` removed (each field becomes optional instead) and the
 * cross-field rules of objects dropped. A document keeps what the team set — a sparse
 * scenario, not one with every default filled in — and a value the team is still editing
 * may break a cross-field rule (the editor shows it; the request schema refuses it when
 * run). Objects stay strict when they were, so nothing unknown — and nothing nested
 * deeper than the schema — is accepted.
 *
 * Handles what the contract's request schemas use: objects, defaults, prefaults,
 * optionals, nullables, unions and leaves (numbers, strings, booleans, enums, literals).
 * Leaves keep their own checks (e.g. `finite().refine(v > 0)`).
 */
export function withoutDefaults(schema: z.ZodType): z.ZodType {
  const def = (schema as z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'default':
    case 'prefault':
      return withoutDefaults(def.innerType as z.ZodType).optional();
    case 'optional':
      return withoutDefaults(def.innerType as z.ZodType).optional();
    case 'nullable':
      return withoutDefaults(def.innerType as z.ZodType).nullable();
    case 'union':
      return z.union((def.options as z.ZodType[]).map(withoutDefaults) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    case 'object': {
      const shape: Record<string, z.ZodType> = {};
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) shape[key] = withoutDefaults(value);
      const catchall = def.catchall as z.ZodType | undefined;
      const strict = catchall !== undefined && (catchall as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'never';
      return strict ? z.strictObject(shape) : z.object(shape);
    }
    case 'array':
    case 'record':
    case 'map':
    case 'set':
    case 'tuple':
    case 'lazy':
    case 'pipe':
    case 'transform':
    case 'any':
    case 'unknown':
      // Not used by the request schemas this is for; refuse rather than pass them through unchecked.
      throw new Error(`withoutDefaults: unsupported schema type "${def.type}"`);
    default:
      return schema;
  }
}
