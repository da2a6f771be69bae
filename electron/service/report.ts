import { ContractError } from '../../shared/contract/errors';
import type { reportMethods } from '../../shared/contract/report';
import { migrate } from '../../shared/model';
import { pdfQueue, printWithChromium } from '../report/pdf';
import { renderReport } from '../report/render';
import type { HandlersFor, ServiceContext } from './context';
import { findChromium } from './pdf';

/**
 * The host's PDF printer: Electron's printToPDF when the host has one, else a local Chromium,
 * else none. Either way through the process's PDF queue (at most `PDF_CONCURRENCY` at once).
 */
function printerFor(ctx: ServiceContext): ((html: string) => Promise<Uint8Array>) | undefined {
  const { pdf } = ctx;
  if (pdf) return (html) => pdfQueue.run(() => pdf(html), ctx.signal);
  const chromium = findChromium();
  return chromium ? (html) => pdfQueue.run(() => printWithChromium(html, chromium, ctx.signal), ctx.signal) : undefined;
}

export const reportHandlers: HandlersFor<typeof reportMethods> = {
  'report.render': async ({ workshop, format, lang, csvKind }, ctx) => {
    // The document is validated like an imported file: every problem with its path (first 20).
    const checked = migrate(workshop);
    if (!checked.ok) throw new ContractError('invalid_document', checked.message, checked.issues, checked.reason);
    return renderReport(checked.doc, {
      format,
      lang,
      csvKind,
      print: format === 'pdf' ? printerFor(ctx) : undefined,
      progress: (done, stage) => ctx.progress({ done, stage }),
    });
  },
};
