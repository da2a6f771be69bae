/**
 * The records of a streamed text body as they arrive, split at `separator`: lines of NDJSON
 * (`'\n'`) or server-sent event blocks (`'\n\n'`). A trailing part without a separator is dropped.
 */
export async function* streamRecords(body: ReadableStream<Uint8Array<ArrayBuffer>>, separator: string): AsyncGenerator<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf(separator)) >= 0) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(end + separator.length);
    }
  }
}
