import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_FORMATS, type ReportFormat, type ReportRenderResponse } from '../../../shared/contract/report';
import type { Lang } from '../../../shared/framework';
import { call } from '../../api/client';
import { useDerived } from '../../api/derived';
import { useJob } from '../../api/job';
import { downloadBlob } from '../../charts/exportChart';
import { useWorkshop } from '../../store/workshop';
import { Dialog } from '../../ui/Dialog';
import './export.css';

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
 * `label` / `primary`: the same dialog opened from elsewhere (the end of the last step).
 */
export function ExportMenu({ label, primary }: { label?: string; primary?: boolean } = {}) {
  const { t } = useTranslation();
  const doc = useWorkshop((s) => s.doc);
  const [open, setOpen] = useState(false);
  const [lang, setLang] = useState<Lang | null>(null);
  const [format, setFormat] = useState<ReportFormat>('html');
  const job = useJob<ReportRenderResponse>();
  // Whether this Node side can print PDFs (Electron, or a local Chromium): asked while the dialog is open.
  const info = useDerived('app.info', open ? {} : null);
  const pdfAvailable = info.value ? info.value.capabilities.pdf : info.error ? true : null; // unknown: let the attempt say what is wrong
  if (!doc) return null;
  const reportLang = lang ?? doc.meta.lang;

  const run = async (f: ReportFormat) => {
    setFormat(f);
    const res = await job.start((ctx) => call('report.render', { workshop: doc, format: f, lang: reportLang }, ctx));
    if (res) downloadBlob(responseBlob(res), res.filename);
  };
  const close = () => {
    job.reset();
    setOpen(false);
  };
  const { state } = job;
  const working = state.status === 'running';
  const stage = state.status === 'running' ? (state.stage ?? 'analysing') : '';
  const failure =
    state.status === 'failed' ? t(state.error.code === 'unavailable' ? 'export.unavailable' : 'export.failed', { message: state.error.message }) : null;

  return (
    <>
      <button type="button" className={primary ? 'btn btn-primary' : 'btn'} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label ?? `⤓ ${t('export.button')}`}
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
            {REPORT_FORMATS.map((f) => (
              <li key={f}>
                <button
                  type="button"
                  className="btn export-format"
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
                <span>{t('export.working', { format: t(`export.${format}.label`) })}</span>
                <progress max={1} value={state.done} aria-label={t(`export.stage.${stage}`, { defaultValue: stage })} />
                <span className="muted small">{t(`export.stage.${stage}`, { defaultValue: stage })}</span>
                <button type="button" className="btn btn-ghost" onClick={job.cancel}>
                  {t('export.cancel')}
                </button>
              </div>
            )}
            {state.status === 'done' && <p className="export-saved">{t('export.saved', { file: state.result.filename })}</p>}
          </div>
          {failure && (
            <p className="alert" role="alert">
              {failure}
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
