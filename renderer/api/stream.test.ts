import { describe, expect, it } from 'vitest';
import { streamRecords } from './stream';

/** A body that arrives in the given pieces (as the network splits it, anywhere). */
function body(...pieces: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const p of pieces) c.enqueue(enc.encode(p) as Uint8Array<ArrayBuffer>);
      c.close();
    },
  });
}

async function all(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const r of stream) out.push(r);
  return out;
}

describe('streamRecords', () => {
  it('yields NDJSON lines whole however the bytes are cut, also inside a multi-byte character', async () => {
    const text = '{"progress":{"done":0.5}}\n{"ok":true,"result":"候选"}\n';
    const bytes = new TextEncoder().encode(text);
    const inside = new TextEncoder().encode(text.slice(0, text.indexOf('候'))).length + 1; // the 2nd byte of 候
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(c) {
        for (const [from, to] of [
          [0, 7],
          [7, inside],
          [inside, bytes.length],
        ])
          c.enqueue(bytes.slice(from, to));
        c.close();
      },
    });
    expect(await all(streamRecords(stream, '\n'))).toEqual(['{"progress":{"done":0.5}}', '{"ok":true,"result":"候选"}']);
  });

  it('yields server-sent event blocks split at a blank line, and drops an unfinished tail', async () => {
    expect(await all(streamRecords(body('data: {"a":1}\n', '\ndata: {"b"', ':2}\n\ndata: {"c"'), '\n\n'))).toEqual(['data: {"a":1}', 'data: {"b":2}']);
  });
});
