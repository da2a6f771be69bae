import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionManager } from './manager';

/**
 * The facilitator page's event stream in the web host (Server-Sent Events): every session
 * event as one `data:` line. Long-lived by design: the web host routes `GET /events/session`
 * here (after its own token check) and exempts it from request timeouts.
 */
export function serveSessionEvents(req: IncomingMessage, res: ServerResponse, manager: SessionManager): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  res.write(': connected\n\n');
  const off = manager.subscribe((ev) => res.write(`data: ${JSON.stringify(ev)}\n\n`));
  const beat = setInterval(() => res.write(': beat\n\n'), 15_000);
  beat.unref();
  const stop = () => {
    clearInterval(beat);
    off();
  };
  req.on('close', stop);
  res.on('close', stop);
}
