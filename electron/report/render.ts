import { ContractError } from '../../shared/contract/errors';
import type { CsvKind, ReportFormat, ReportRenderResponse } from '../../shared/contract/report';
import type { Lang } from '../../shared/framework';
import type { WorkshopDoc } from '../../shared/model';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { renderCsv } from './csv';
import { fileSlug } from './escape';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';
import { renderPptx } from './pptx';

export interface RenderOptions {
  format: ReportFormat;
  /** Report language; default the workshop's own. */
  lang?: Lang;
  csvKind?: CsvKind;
  /** Prints HTML to PDF (Electron's printToPDF or a local Chromium); absent: PDF is unavailable. */
  print?: (html: string) => Promise<Uint8Array>;
  /** Progress of the slow steps, fraction 0…1. */
  progress?: (done: number, stage: string) => void;
}

const MIME: Record<ReportFormat, string> = {
  html: 'text/html; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Renders a valid workshop document in one format: the file name, its MIME type and content. */
export async function renderReport(doc: WorkshopDoc, options: RenderOptions): Promise<ReportRenderResponse> {
  const { format, csvKind = 'all', progress = () => {} } = options;
  const lang = options.lang ?? doc.meta.lang;
  const slug = fileSlug(doc.meta.title);
  if (format === 'json') {
    // The workshop file is the document itself, as validated: import gives it back unchanged.
    return { filename: `${slug}.workshop.json`, mime: MIME.json, content: JSON.stringify(doc, null, 2) + '\n', encoding: 'utf8' };
  }
  if (format === 'pdf' && !options.print) {
    throw new ContractError(
      'unavailable',
      'PDF needs a Chromium or Chrome browser on this machine (none was found; set CHROMIUM_PATH to its executable), or the desktop app. The HTML report prints to PDF from any browser.',
    );
  }
  progress(0.05, 'analysing');
  const content = buildContent(doc, analyseWorkshop(doc), lang);
  progress(0.4, 'rendering');
  switch (format) {
    case 'md':
      return { filename: `${slug}.decision-record.md`, mime: MIME.md, content: renderMarkdown(content), encoding: 'utf8' };
    case 'csv':
      return { filename: csvKind === 'all' ? `${slug}.csv` : `${slug}.${csvKind}.csv`, mime: MIME.csv, content: renderCsv(content, csvKind), encoding: 'utf8' };
    case 'html':
      return { filename: `${slug}.report.html`, mime: MIME.html, content: renderHtml(content), encoding: 'utf8' };
    case 'pptx': {
      progress(0.5, 'slides');
      const deck = await renderPptx(content);
      progress(1, 'done');
      return { filename: `${slug}.slides.pptx`, mime: MIME.pptx, content: Buffer.from(deck).toString('base64'), encoding: 'base64' };
    }
    case 'pdf': {
      const html = renderHtml(content);
      progress(0.5, 'printing');
      const pdf = await options.print!(html);
      progress(1, 'done');
      return { filename: `${slug}.report.pdf`, mime: MIME.pdf, content: Buffer.from(pdf).toString('base64'), encoding: 'base64' };
    }
  }
}
