import { useCallback, useMemo, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../../nav/commands';
import type { WorkshopDoc } from '../../../shared/model';
import { repo } from '../../nav/services';
import { downloadBlob } from '../../charts/exportChart';
import { useLibrary } from '../../store/instances';
import { Dialog } from '../../ui/Dialog';
import { Toast } from '../../ui/Toast';
import {
  backupFilename,
  backupLibrary,
  importWorkshopFile,
  MAX_ISSUES,
  MAX_WORKSHOP_BYTES,
  restoreBackupFile,
  TransferError,
  validateDocument,
  type ChooseReimport,
  type ReimportChoice,
  type TransferText,
} from './transfer';
import './export.css';
import { IssueList } from '../../ui/IssueList';
import { migrateMessage } from '../../../shared/i18n/issues';
import { currentLang } from '../../i18n';

type Problems = { message: string; issues: { path: string; message: string }[] };
const MB = 1024 * 1024;

/**
 * The library toolbar's file actions: import a workshop file (added as a copy, never over an
 * existing one), back up the whole library to one file, restore a backup (merge).
 */
export function LibraryTransfer() {
  const { t } = useTranslation();
  const importInput = useRef<HTMLInputElement>(null);
  const restoreInput = useRef<HTMLInputElement>(null);
  const { busy, toast, dismissToast, problems, setProblems, guarded } = useGuardedTransfer();
  const text = useTransferText();
  const { reimport, choose } = useReimportChoice();
  const deps = { repo, validate: validateDocument, text, choose };

  const importedMessage = (res: { added: WorkshopDoc; migratedFrom: number | null; replaced: boolean } | null) =>
    res === null
      ? t('export.transfer.importCancelled')
      : res.replaced
        ? t('export.transfer.replaced', { title: res.added.meta.title })
        : res.migratedFrom === null
          ? t('export.transfer.added', { title: res.added.meta.title })
          : t('export.transfer.addedMigrated', { title: res.added.meta.title, from: res.migratedFrom });

  const onImport = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after fixing it
    if (!file) return;
    const chosenAt = e.timeStamp;
    void guarded(async () => importedMessage(await importWorkshopFile(file, deps))).then(() =>
      // User Timing `sw:import`: file chosen → the library showing the outcome on screen (the
      // start of the frame after the one that drew it), for the benchmark.
      requestAnimationFrame(() => requestAnimationFrame((frameAt) => performance.measure('sw:import', { start: chosenAt, end: Math.max(chosenAt, frameAt) }))),
    );
  };

  const onRestore = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    void guarded(async () => {
      const { added, skipped } = await restoreBackupFile(file, deps);
      return added.length
        ? t('export.transfer.restored', { added: added.length, skipped: skipped.length })
        : t('export.transfer.restoredNone', { skipped: skipped.length });
    });
  };

  const onBackup = () =>
    void guarded(async () => {
      const { backup, skipped } = await backupLibrary(repo);
      const file = backupFilename();
      downloadBlob(new Blob([JSON.stringify(backup, null, 2)], { type: 'application/json' }), file);
      const done = t('export.transfer.backedUp', { count: backup.documents.length, file });
      return skipped ? `${done} ${t('export.transfer.backupSkipped', { count: skipped })}` : done;
    });

  // Desktop menu and files opened from the OS (see app/desktop.ts).
  useCommand((c) => {
    if (c.type === 'import') importInput.current?.click();
    else if (c.type === 'backup') onBackup();
    else if (c.type === 'open-file') void guarded(async () => importedMessage(await importWorkshopFile(c.file, deps)));
    else if (c.type === 'open-file-error')
      setProblems({
        message:
          c.error === 'too_large' ? text.tooLarge(c.name, MAX_WORKSHOP_BYTES + 1, MAX_WORKSHOP_BYTES) : t('export.transfer.unreadable', { name: c.name }),
        issues: [],
      });
  });

  return (
    <div className="library-transfer" role="group" aria-busy={busy || undefined}>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => importInput.current?.click()}
        title={`*.workshop.json ≤ ${MAX_WORKSHOP_BYTES / MB} MB`}
      >
        ⤒ {t('export.transfer.import')}
      </button>
      <button type="button" className="btn btn-ghost" disabled={busy} onClick={onBackup}>
        {t('export.transfer.backup')}
      </button>
      <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => restoreInput.current?.click()}>
        {t('export.transfer.restore')}
      </button>
      <JsonFileInput inputRef={importInput} onChange={onImport} testId="import-workshop-input" label={t('export.transfer.import')} />
      <JsonFileInput inputRef={restoreInput} onChange={onRestore} testId="restore-backup-input" label={t('export.transfer.restore')} />
      {busy && (
        <span className="muted small" role="status">
          {t('export.transfer.working')}
        </span>
      )}
      <ReimportDialog reimport={reimport} />
      <ProblemsDialog problems={problems} onClose={() => setProblems(null)} />
      {toast && <Toast message={toast} onDismiss={dismissToast} closeLabel={t('action.close')} />}
    </div>
  );
}

/** Runs one transfer at a time: busy while it works, then its outcome as a toast or its problems in a dialog. */
function useGuardedTransfer() {
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const guarded = async (work: () => Promise<string>) => {
    // A new transfer replaces the messages of the last one.
    setToast(null);
    setProblems(null);
    setBusy(true);
    try {
      setToast(await work());
    } catch (err) {
      if (err instanceof TransferError) setProblems({ message: err.message, issues: err.issues });
      else setProblems({ message: err instanceof Error ? err.message : String(err), issues: [] });
    } finally {
      setBusy(false);
      await useLibrary.getState().refresh();
    }
  };
  return { busy, toast, dismissToast, problems, setProblems, guarded };
}

/** The transfer's messages in the team's language. */
function useTransferText(): TransferText {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      tooLarge: (name, size, max) => t('export.transfer.tooLarge', { name, size: (size / MB).toFixed(1), max: Math.round(max / MB) }),
      notJson: (name, reason, position) => t('export.transfer.notJson', { name, reason, position }),
      invalid: (count) => t('export.transfer.invalid', { count }),
      refused: (reason) => migrateMessage(reason, currentLang()),
      notBackup: () => t('export.transfer.notBackup'),
      invalidBackup: (bad, total) => t('export.transfer.invalidBackup', { bad, total }),
    }),
    [t],
  );
}

type Reimport = { title: string; answer: (c: ReimportChoice) => void };

/** A file whose workshop is already in the library: the team chooses (replace / keep both / cancel). */
function useReimportChoice() {
  const [reimport, setReimport] = useState<Reimport | null>(null);
  const choose: ChooseReimport = (existing) =>
    new Promise((resolve) =>
      setReimport({
        title: existing.title,
        answer: (c) => {
          setReimport(null);
          resolve(c);
        },
      }),
    );
  return { reimport, choose };
}

function ReimportDialog({ reimport }: { reimport: Reimport | null }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('export.transfer.reimportTitle')} open={reimport !== null} onClose={() => reimport?.answer('cancel')}>
      {reimport && (
        <div className="form">
          <p>{t('export.transfer.reimportText', { title: reimport.title })}</p>
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => reimport.answer('cancel')}>
              {t('action.cancel')}
            </button>
            <button type="button" className="btn" onClick={() => reimport.answer('replace')}>
              {t('export.transfer.replace')}
            </button>
            <button type="button" className="btn btn-primary" autoFocus onClick={() => reimport.answer('keep-both')}>
              {t('export.transfer.keepBoth')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function ProblemsDialog({ problems, onClose }: { problems: Problems | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('export.transfer.problemsTitle')} open={problems !== null} onClose={onClose}>
      {problems && (
        <div className="transfer-problems">
          <p className="alert" role="alert">
            {problems.message}
          </p>
          {problems.issues.length > 0 && (
            <>
              <p className="muted small">{t('export.transfer.problemsIntro')}</p>
              <IssueList issues={problems.issues} />
              {problems.issues.length >= MAX_ISSUES && <p className="muted small">{t('export.transfer.moreProblems', { count: MAX_ISSUES })}</p>}
            </>
          )}
          <div className="form-actions">
            <button type="button" className="btn btn-primary" autoFocus onClick={onClose}>
              {t('export.transfer.close')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** A hidden picker of one JSON file, opened by its button. */
function JsonFileInput({
  inputRef,
  onChange,
  testId,
  label,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  testId: string;
  label: string;
}) {
  return <input ref={inputRef} type="file" accept=".json,application/json" hidden onChange={onChange} data-testid={testId} aria-label={label} />;
}
