import type { MethodName, Progress, RequestOf, ResponseOf } from '../../shared/contract';
import type { DesktopBridge } from '../../shared/contract/bridge';
import { desktopBridge } from './bridge';
import { toContractError, type Outcome } from '../../shared/contract/errors';
import { streamRecords } from './stream';
import { webToken } from './token';

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
}

interface Transport {
  kind: 'electron' | 'http';
  call(method: string, payload: unknown, opts: CallOptions): Promise<Outcome>;
}

function electronTransport(bridge: DesktopBridge): Transport {
  return {
    kind: 'electron',
    call(method, payload, { signal, onProgress }) {
      const { jobId, promise } = bridge.call(method, payload, onProgress);
      signal?.addEventListener('abort', () => bridge.cancel(jobId), { once: true });
      return promise;
    },
  };
}

function httpTransport(getToken: () => string | null): Transport {
  return {
    kind: 'http',
    async call(method, payload, { signal, onProgress }) {
      const token = getToken();
      if (!token) return { ok: false, error: { code: 'unauthorized', message: 'No access token: open the address printed by `npm run web`.' } };
      let res: Response;
      try {
        res = await fetch(`/api/${method}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-SW-Token': token,
            Accept: onProgress ? 'application/x-ndjson, application/json' : 'application/json',
          },
          body: JSON.stringify(payload),
          signal,
        });
      } catch (err) {
        if (signal?.aborted) return { ok: false, error: { code: 'cancelled', message: 'Cancelled.' } };
        return {
          ok: false,
          error: { code: 'unavailable', message: `The local server is not answering (${(err as Error).message}). Is \`npm run web\` still running?` },
        };
      }
      if ((res.headers.get('content-type') ?? '').includes('ndjson') && res.body)
        return readNdjson(res.body as ReadableStream<Uint8Array<ArrayBuffer>>, onProgress);
      try {
        return (await res.json()) as Outcome;
      } catch {
        return { ok: false, error: { code: 'internal', message: `Unexpected answer from the local server (HTTP ${res.status}).` } };
      }
    },
  };
}

async function readNdjson(body: ReadableStream<Uint8Array<ArrayBuffer>>, onProgress?: (p: Progress) => void): Promise<Outcome> {
  let final: Outcome | null = null;
  for await (const line of streamRecords(body, '\n')) {
    if (!line.trim()) continue;
    const msg = JSON.parse(line) as { progress?: Progress } & Partial<Outcome>;
    if (msg.progress) onProgress?.(msg.progress);
    else final = msg as Outcome;
  }
  return final ?? { ok: false, error: { code: 'internal', message: 'The job ended without an answer.' } };
}

let transport: Transport | null = null;
function getTransport(): Transport {
  if (!transport) {
    const bridge = desktopBridge();
    transport = bridge ? electronTransport(bridge) : httpTransport(webToken);
  }
  return transport;
}

/** Calls one contract method on the Node side (Electron IPC or the loopback web host); failures throw a `ContractError`. */
export async function call<M extends MethodName>(method: M, request: RequestOf<M>, opts: CallOptions = {}): Promise<ResponseOf<M>> {
  const outcome = await getTransport().call(method, request, opts);
  if (!outcome.ok) throw toContractError(outcome.error);
  return outcome.result as ResponseOf<M>;
}

export const api = { call };
