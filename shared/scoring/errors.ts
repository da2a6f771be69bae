/**
 * A semantic problem with an engine input that a schema cannot see (all-zero weights,
 * a score outside the scale, …). `path` uses the contract's `matrix[2][0]` notation so
 * the service can turn it into a typed `invalid_request` without the engine knowing
 * about the contract.
 */
export class EngineInputError extends Error {
  readonly path: string;
  /** The problem without the path, e.g. "must be > 0". */
  readonly detail: string;
  constructor(path: string, detail: string) {
    super(`${path}: ${detail}`);
    this.name = 'EngineInputError';
    this.path = path;
    this.detail = detail;
  }
}
