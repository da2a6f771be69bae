import { Field } from '../../ui/Field';
import { Options } from '../../ui/Options';
import { useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLUMN_ROLES,
  MAX_STORED_POINTS,
  importCanary,
  importMetrics,
  recordImportedPilots,
  nowIso,
  type BuildResult,
  type ColumnMapping,
  type ColumnRole,
  type RowError,
  type WorkshopDoc,
} from '../../../shared/model';
import { currentLang } from '../../i18n';
import { edit } from '../fields';
import { candidateName, formatNumber } from '../text';
import { CodeText } from '../../ui/CodeText';
import { useMetricsImport } from './useMetricsImport';
import type { ScreenText, TextKeysOf } from '../../i18n';

const DELIMITERS: Array<{ value: string; key: TextKeysOf<ScreenText['wizard']['metrics']> }> = [
  { value: '', key: 'delimiterAuto' },
  { value: ',', key: 'comma' },
  { value: ';', key: 'semicolon' },
  { value: '\t', key: 'tab' },
  { value: '|', key: 'pipe' },
];

/** Pasted text that is a block of cells (a tab or a line break inside), not one value. */
const isBlock = (text: string) => /[\t\n\r]/.test(text.trim());

/**
 * Choose a CSV/JSON file, or paste cells from a spreadsheet (read by the same parser) →
 * progress → column-mapping preview with row errors → import into the workshop: the pilots'
 * metrics (step 4), or with `target` "canary" the decided candidate's canary / production
 * metrics held against the decision (step 6; rows are that candidate's).
 */
export function ImportPanel({ doc, target = 'pilot' }: { doc: WorkshopDoc; target?: 'pilot' | 'canary' }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const fileId = useId();
  const delimId = useId();
  const pasteId = useId();
  const [pasteText, setPasteText] = useState('');
  // What the delimiter re-reads: the chosen file or the pasted cells.
  const [source, setSource] = useState<'file' | 'paste'>('file');
  const fileInput = useRef<HTMLInputElement>(null);
  const [delimiter, setDelimiter] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const clearFile = () => {
    if (fileInput.current) fileInput.current.value = '';
    setChosen(null);
    setPasteText('');
  };
  const [done, setDone] = useState<string | null>(null);
  const { state, start, remap, reset } = useMetricsImport();
  const canary = target === 'canary';
  // A canary's rows are the decided candidate's: it is the only one to match (and the file's candidate).
  const candidates = doc.candidates.filter((c) => !canary || c.id === doc.decision.candidateId).map((c) => ({ id: c.id, name: c.name, kind: c.kind }));

  const choose = (file: File | undefined, delim = delimiter) => {
    if (!file) return;
    setDone(null);
    setSource('file');
    start(file, delim, candidates);
  };
  const readPasted = (text: string, delim = delimiter) => {
    if (!text.trim()) return;
    setDone(null);
    setSource('paste');
    start(new File([text], t('wizard.metrics.pastedName'), { type: 'text/tab-separated-values' }), delim, candidates, true);
  };
  const commit = (file: string, result: BuildResult) => {
    const rows = result.series.reduce((a, s) => Math.max(a, s.rows), 0);
    const record = { file, importedAt: nowIso(), rows: result.rowsUsed };
    if (canary) edit('Import canary metrics', (d) => importCanary(d, result.series, record));
    else edit('Import metrics', (d) => recordImportedPilots(importMetrics(d, result.series, record), result.pilots));
    setDone(
      t('wizard.metrics.imported', { series: result.series.length, file }) +
        (rows > MAX_STORED_POINTS ? ` ${t('wizard.metrics.reduced', { rows: formatNumber(rows, lang), points: formatNumber(MAX_STORED_POINTS, lang) })}` : ''),
    );
    reset();
    clearFile();
  };

  return (
    <section className="panel import-box" aria-labelledby={`${fileId}-h`}>
      <h2 id={`${fileId}-h`}>{t(canary ? 'wizard.review.importTitle' : 'wizard.metrics.importTitle')}</h2>
      <p className="muted small">
        <CodeText text={t(canary ? 'wizard.review.formatHint' : 'wizard.metrics.formatHint')} />
      </p>
      <div className="import-controls">
        <FilePick
          fileId={fileId}
          fileInput={fileInput}
          chosen={chosen}
          onChoose={(file) => {
            setChosen(file?.name ?? null);
            choose(file);
          }}
        />
        <DelimiterField
          id={delimId}
          value={delimiter}
          onChange={(value) => {
            setDelimiter(value);
            // Re-read the chosen file (or the pasted cells) with the new delimiter.
            if (source === 'paste') readPasted(pasteText, value);
            else choose(fileInput.current?.files?.[0], value);
          }}
        />
      </div>
      <PasteCells pasteId={pasteId} pasteText={pasteText} setPasteText={setPasteText} readPasted={readPasted} />
      <ImportStatus done={done} state={state} />
      {state.phase === 'preview' && (
        <Preview
          doc={doc}
          file={state.file}
          table={state.table}
          mapping={state.mapping}
          result={state.result}
          busy={state.busy}
          onMap={remap}
          onImport={() => commit(state.file, state.result)}
          onCancel={() => {
            reset();
            clearFile();
          }}
        />
      )}
    </section>
  );
}

/** The app's own file button and the chosen file's name; the hidden input opens the system's file dialog. */
function FilePick({
  fileId,
  fileInput,
  chosen,
  onChoose,
}: {
  fileId: string;
  fileInput: RefObject<HTMLInputElement | null>;
  chosen: string | null;
  onChoose: (file: File | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      {/* The app's own button and text; it opens the system's file dialog (the hidden input). */}
      <span id={`${fileId}-label`}>{t('wizard.metrics.chooseFile')}</span>
      <span className="file-pick">
        <button type="button" className="btn" aria-describedby={`${fileId}-label ${fileId}-name`} onClick={() => fileInput.current?.click()}>
          {t('wizard.metrics.browse')}
        </button>
        <span id={`${fileId}-name`} className="muted small">
          {chosen ?? t('wizard.metrics.noFile')}
        </span>
      </span>
      <input
        id={fileId}
        ref={fileInput}
        type="file"
        hidden
        aria-label={t('wizard.metrics.chooseFile')}
        accept=".csv,.tsv,.txt,.json,.jsonl,.ndjson,text/csv,application/json"
        onChange={(e) => onChoose(e.target.files?.[0])}
      />
    </div>
  );
}

function DelimiterField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={t('wizard.metrics.delimiter')}>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <Options items={DELIMITERS} value={(d) => d.value} label={(d) => t(`wizard.metrics.${d.key}`)} />
      </select>
    </Field>
  );
}

/** Cells pasted from a spreadsheet, read by the same parser as a file. */
function PasteCells({
  pasteId,
  pasteText,
  setPasteText,
  readPasted,
}: {
  pasteId: string;
  pasteText: string;
  setPasteText: (text: string) => void;
  readPasted: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field paste-cells">
      <label htmlFor={pasteId}>{t('wizard.metrics.pasteLabel')}</label>
      <textarea
        id={pasteId}
        className="input"
        rows={3}
        spellCheck={false}
        aria-describedby={`${pasteId}-hint`}
        value={pasteText}
        onChange={(e) => setPasteText(e.target.value)}
        onPaste={(e) => {
          // A block of cells is read at once; one value pasted into the text stays for editing.
          const text = e.clipboardData.getData('text/plain');
          if (!isBlock(text)) return;
          e.preventDefault();
          setPasteText(text);
          readPasted(text);
        }}
      />
      <span id={`${pasteId}-hint`} className="hint muted small">
        {t('wizard.metrics.pasteHint')}
      </span>
      <div>
        <button type="button" className="btn" disabled={!pasteText.trim()} onClick={() => readPasted(pasteText)}>
          {t('wizard.metrics.pasteRead')}
        </button>
      </div>
    </div>
  );
}

/** The last import's outcome, the reading progress, or why the file could not be read. */
function ImportStatus({ done, state }: { done: string | null; state: ReturnType<typeof useMetricsImport>['state'] }) {
  const { t } = useTranslation();
  return (
    <>
      {done && (
        <p className="ok-note" role="status">
          {done}
        </p>
      )}
      {state.phase === 'reading' && (
        <div className="reading" role="status">
          <label>
            {t('wizard.metrics.reading', { file: state.file })} <progress max={1} value={state.fraction} aria-label={t('wizard.metrics.progress')} />
          </label>
        </div>
      )}
      {state.phase === 'failed' && (
        <p className="alert" role="alert">
          {t('wizard.metrics.failed', { file: state.file, message: state.message })}
        </p>
      )}
    </>
  );
}

interface PreviewProps {
  doc: WorkshopDoc;
  file: string;
  table: { header: string[]; hasHeader: boolean; rowCount: number; sample: string[][] };
  mapping: ColumnMapping;
  result: BuildResult;
  busy: boolean;
  onMap: (m: ColumnMapping) => void;
  onImport: () => void;
  onCancel: () => void;
}

function Preview({ doc, file, table, mapping, result, busy, onMap, onImport, onCancel }: PreviewProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const fileCandId = useId();
  const colName = (i: number) => (table.hasHeader ? table.header[i] : t('wizard.metrics.columnN', { n: i + 1 }));
  const setRole = (i: number, role: ColumnRole) => {
    const roles = mapping.roles.slice();
    // x, candidate and horizon are single columns: choosing one elsewhere releases the old one.
    if (role === 'x' || role === 'candidate' || role === 'bucket') roles.forEach((r, k) => r === role && (roles[k] = 'ignore'));
    roles[i] = role;
    onMap({ ...mapping, roles });
  };
  /** The candidates as a select's options, after an empty choice named `none`. */
  const candidateChoices = (none: string) => (
    <>
      <option value="">{none}</option>
      <Options items={doc.candidates} label={(c) => candidateName(doc, c.id, lang, t('wizard.field.unnamed'))} />
    </>
  );
  const hasCandCol = mapping.roles.includes('candidate');
  const canImport = !busy && result.fileErrors.length === 0 && result.duplicates.length === 0 && result.series.length > 0;
  /** Keeps column `index` for its measure: the other columns of the measure are no longer read. */
  const keep = (index: number, others: number[]) => {
    const roles = mapping.roles.slice();
    for (const k of others) if (k !== index) roles[k] = 'ignore';
    onMap({ ...mapping, roles });
  };
  return (
    <div className="preview" aria-busy={busy}>
      <h3>
        {t('wizard.metrics.preview', { file })}{' '}
        <span className="muted small">· {t('wizard.metrics.rows', { formatted: formatNumber(table.rowCount, lang) })}</span>
      </h3>
      <table className="table mapping-table">
        <caption className="sr-only">{t('wizard.metrics.preview', { file })}</caption>
        <thead>
          <tr>
            {table.header.map((_, i) => (
              <th key={i} scope="col">
                <label>
                  <span className="mapping-col">{colName(i)}</span>
                  <select
                    className="input"
                    aria-label={t('wizard.metrics.role', { column: colName(i) })}
                    value={mapping.roles[i]}
                    onChange={(e) => setRole(i, e.target.value as ColumnRole)}
                  >
                    <Options items={COLUMN_ROLES} label={(r) => t(`wizard.metrics.roles.${r}`)} />
                  </select>
                </label>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.sample.map((row, r) => (
            <tr key={r}>
              {table.header.map((_, i) => (
                <td key={i} className={mapping.roles[i] === 'ignore' ? 'muted' : undefined}>
                  {row[i] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {!hasCandCol && doc.candidates.length > 0 && (
        <Field id={fileCandId} label={t('wizard.metrics.fileCandidate')}>
          <select id={fileCandId} className="input" value={mapping.fileCandidate} onChange={(e) => onMap({ ...mapping, fileCandidate: e.target.value })}>
            {candidateChoices(t('wizard.metrics.chooseCandidate'))}
          </select>
        </Field>
      )}
      {hasCandCol && Object.keys(mapping.candidateValues).length > 0 && (
        <fieldset className="list-editor">
          <legend>{t('wizard.metrics.candidate')}</legend>
          {Object.entries(mapping.candidateValues).map(([value, id]) => (
            <label key={value} className="inline-field field">
              {t('wizard.metrics.candidateValue', { value })}
              <select
                className="input"
                value={id}
                onChange={(e) => onMap({ ...mapping, candidateValues: { ...mapping.candidateValues, [value]: e.target.value } })}
              >
                {candidateChoices(t('wizard.metrics.notMapped'))}
              </select>
            </label>
          ))}
        </fieldset>
      )}
      {result.fileErrors.map((e) => (
        <p key={e.code} className="alert" role="alert">
          {t(`wizard.metrics.fileError.${e.code}`, { detail: e.detail === '\t' ? 'Tab' : e.detail })}
        </p>
      ))}
      {result.duplicates.map((d) => (
        <div key={`${d.metric}|${d.bucket}`} className="alert duplicate-measure" role="alert">
          <p>
            {t('wizard.metrics.duplicate', {
              measure: t(`wizard.metrics.roles.${d.metric === 'success-rate' && d.bucket ? (`success-${d.bucket}` as const) : d.metric}`),
              columns: d.columns.map((c) => `“${colName(c.index)}”`).join(t('wizard.metrics.listSep')),
            })}
          </p>
          <ul>
            {d.columns.map((c) => (
              <li key={c.index}>
                {t('wizard.metrics.duplicateColumn', {
                  column: colName(c.index),
                  role: t(`wizard.metrics.roles.${c.role}`),
                  rows: formatNumber(c.rows, lang),
                  mean: c.mean === null ? '—' : formatNumber(c.mean, lang),
                })}{' '}
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() =>
                    keep(
                      c.index,
                      d.columns.map((o) => o.index),
                    )
                  }
                >
                  {t('wizard.metrics.keepColumn', { column: colName(c.index) })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {result.errorCount > 0 && <RowErrors errors={result.errors} count={result.errorCount} rows={result.errorRows} />}
      {result.fileErrors.length === 0 && (
        <p>
          {t('wizard.metrics.willImport', { series: result.series.length, rows: formatNumber(result.rowsUsed, lang) })}{' '}
          {result.errorCount > 0 && t('wizard.metrics.importAnyway')} {result.series.some((s) => s.percent) && t('wizard.metrics.percent')}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('wizard.metrics.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={!canImport} onClick={onImport}>
          {t('wizard.metrics.import')}
        </button>
      </div>
    </div>
  );
}

/** The rows with problems and the problems themselves, counted apart (a row can have several). */
function RowErrors({ errors, count, rows }: { errors: RowError[]; count: number; rows: number }) {
  const { t } = useTranslation();
  return (
    <div className="row-errors-box" role="alert">
      <strong>
        {t('wizard.metrics.errorsTitle', { count: rows })}
        {t('wizard.metrics.errorsProblems', { count })}
      </strong>{' '}
      {count > errors.length && <span className="muted small">{t('wizard.metrics.errorsMore', { shown: errors.length })}</span>}
      <ul className="row-errors" aria-label={t('wizard.metrics.errorsTitle', { count: rows })}>
        {errors.map((e, i) => (
          <li key={i}>{t('wizard.metrics.rowError', { row: e.row, column: e.column, reason: t(`wizard.metrics.reason.${e.code}`, { value: e.value }) })}</li>
        ))}
      </ul>
    </div>
  );
}
