import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFormat, ReportRenderResponse } from '../../../shared/contract/report';
import type { Lang } from '../../../shared/framework';
import { ApiError, call } from '../../api/client';
import { downloadBlob } from '../../charts/exportChart';
import { useWorkshop } from '../../store/workshop';
import { Dialog } from '../../ui/Dialog';
import './export.css';

const FORMATS: readonly ReportFormat[] = ['html', 'pdf', 'pptx', 'md', 'csv', 'json'];

type Status =
  | { kind: 'idle' }
  | { kind: 'working'; format: ReportFormat; done: number; stage: string }
  | { kind: 'saved'; file: string }
  | { kind: 'error'; message: string };

/** The rendered file as a Blob (PDF arrives base64-encoded). */
export function responseBlob(res: ReportRenderResponse): Blob {
  if (res.encoding === 'base64') {
    const bin = atob(res.content);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new Blob([bytes], { type: res.mime });
  }
  return new Blob([res.content], { type: res.mime });
}

/**
 * Export of the open workshop: a button in the workshop header opening a dialog with one
 * action per format. The Node side renders (`report.render`); the file is saved as a download.
 */
export function ExportMenu() {
  const { t } = useTranslation();
  const doc = useWorkshop((s) => s.doc);
  const [open, setOpen] = useState(false);
  const [lang, setLang] = useState<Lang | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  // Whether this Node side can print PDFs (Electron, or a local Chromium): asked once the dialog opens.
  const [pdfAvailable, setPdfAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    if (!open || pdfAvailable !== null) return;
    let live = true;
    call('app.info', {}).then(
      (info) => live && setPdfAvailable(info.capabilities.pdf),
      () => live && setPdfAvailable(true), // unknown: let the attempt say what is wrong
    );
    return () => {
      live = false;
    };
  }, [open, pdfAvailable]);
  if (!doc) return null;
  const reportLang = lang ?? doc.meta.lang;

  const run = async (format: ReportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    setStatus({ kind: 'working', format, done: 0, stage: 'analysing' });
    try {
      const res = await call(
        'report.render',
        { workshop: doc, format, lang: reportLang },
        { signal: controller.signal, onProgress: (p) => setStatus({ kind: 'working', format, done: p.done, stage: p.stage ?? '' }) },
      );
      downloadBlob(responseBlob(res), res.filename);
      setStatus({ kind: 'saved', file: res.filename });
    } catch (err) {
      if (controller.signal.aborted) return setStatus({ kind: 'idle' });
      const message = err instanceof Error ? err.message : String(err);
      const code = err instanceof ApiError ? err.code : 'internal';
      setStatus({ kind: 'error', message: t(code === 'unavailable' ? 'export.unavailable' : 'export.failed', { message }) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };
  const close = () => {
    abort.current?.abort();
    setOpen(false);
    setStatus({ kind: 'idle' });
  };
  const working = status.kind === 'working';

  return (
    <>
      <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        ⤓ {t('export.button')}
      </button>
      <Dialog title={t('export.title')} open={open} onClose={close}>
        <div className="export-dialog">
          <p className="muted small">{t('export.intro')}</p>
          <label className="field export-lang">
            <span>{t('export.lang')}</span>
            <select className="input" value={reportLang} onChange={(e) => setLang(e.target.value as Lang)} disabled={working}>
              <option value="zh-CN">{t('lang.zh-CN')}</option>
              <option value="en">{t('lang.en')}</option>
            </select>
          </label>
          <ul className="export-formats" aria-label={t('export.formats')}>
            {FORMATS.map((f) => (
              <li key={f}>
                <button
                  type="button"
                  className="export-format"
                  onClick={() => void run(f)}
                  disabled={working || (f === 'pdf' && pdfAvailable === false)}
                  aria-describedby={`export-hint-${f}`}
                >
                  <span className="export-format-label">{t(`export.${f}.label`)}</span>
                  <span id={`export-hint-${f}`} className="export-format-hint">
                    {f === 'pdf' && pdfAvailable === false ? t('export.pdf.missing') : t(`export.${f}.hint`)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div className="export-status" aria-live="polite">
            {working && (
              <div className="export-progress">
                <span>{t('export.working', { format: t(`export.${status.format}.label`) })}</span>
                <progress max={1} value={status.done} aria-label={t(`export.stage.${status.stage}`, { defaultValue: status.stage })} />
                <span className="muted small">{t(`export.stage.${status.stage}`, { defaultValue: status.stage })}</span>
                <button type="button" className="btn btn-ghost" onClick={() => abort.current?.abort()}>
                  {t('export.cancel')}
                </button>
              </div>
            )}
            {status.kind === 'saved' && <p className="export-saved">{t('export.saved', { file: status.file })}</p>}
          </div>
          {status.kind === 'error' && (
            <p className="alert" role="alert">
              {status.message}
            </p>
          )}
          <div className="form-actions">
            <button type="button" className="btn" onClick={close}>
              {t('action.close')}
            </button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
