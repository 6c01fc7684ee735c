import type { MemberImportReport } from '@guildhall/contract';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { FilePicker } from '@/components/ui/file-picker';
import { ErrorMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { refusedImportReport, useImportMembers } from '../../api/import-members';
import styles from './import-members-dialog.module.css';
import { importProblemText } from './import-problem-text';
import { useMemberCsvText } from './member-csv-text';
import { useMembersCsvTranslation } from './members-csv-texts';

/** The import's toasts: the last outcome replaces the one before. */
const IMPORT_TOAST = 'members-import';
/** Rows a report shows: a file of 5,000 members would make the dialog slow to open and to read. */
const SHOWN_ROWS = 100;

/** Says how many rows a table leaves out, when it does. */
function MoreRows({ total }: { total: number }) {
  const { t } = useMembersCsvTranslation();
  if (total <= SHOWN_ROWS) return null;
  return <p className={styles.description}>{t('more_rows', { count: total - SHOWN_ROWS })}</p>;
}

/**
 * "Importer": a CSV file checked by a dry run, whose report says what would be created, updated
 * or refused; only then may the admin confirm, which imports the same file for real.
 */
export function ImportMembersDialog() {
  const { t } = useMembersCsvTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="button">
          <FileUp size={18} aria-hidden="true" />
          {t('import')}
        </button>
      }
      title={t('title')}
      description={t('description')}
      closeLabel={t('close')}
      className={styles.dialog}
    >
      <ImportSteps onDone={() => setOpen(false)} />
    </Dialog>
  );
}

/** The dialog's content, mounted while it is open: each opening starts again. */
function ImportSteps({ onDone }: { onDone: () => void }) {
  const { t } = useMembersCsvTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const importing = useImportMembers();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<MemberImportReport>();
  const [failure, setFailure] = useState<unknown>();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0]);
    setReport(undefined);
    setFailure(undefined);
  }

  function send(dryRun: boolean) {
    if (!file || importing.isPending) return;
    setFailure(undefined);
    importing.mutate(
      { file, dryRun },
      {
        onSuccess: (answer) => {
          if (!answer.written) {
            setReport(answer);
            return;
          }
          toast.success(
            t('done', { created: answer.created, updated: answer.updated }),
            undefined,
            { topic: IMPORT_TOAST },
          );
          onDone();
        },
        onError: (error) => {
          const refused = refusedImportReport(error);
          setReport(refused);
          if (!refused) setFailure(error);
          if (!dryRun && !refused) {
            toast.error(t('failed'), describe(error), { topic: IMPORT_TOAST });
          }
        },
      },
    );
  }

  const refused = report && report.refused.length > 0;
  const changes = report ? report.created + report.updated : 0;
  return (
    <>
      <FilePicker
        label={t('file')}
        browseLabel={t('browse')}
        status={file ? t('chosen', { name: file.name }) : t('no_file')}
        hint={t('hint')}
        accept=".csv,text/csv"
        name="members"
        onChange={choose}
      />
      {failure !== undefined && <ErrorMessage message={describe(failure)} />}
      {report && (refused ? <RefusedRows report={report} /> : <PlannedChanges report={report} />)}
      <div className={styles.actions}>
        {report && !refused && changes > 0 ? (
          <button
            type="button"
            className="button button-primary"
            aria-disabled={importing.isPending || undefined}
            onClick={() => send(false)}
          >
            {importing.isPending ? t('importing') : t('confirm')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={!file}
            aria-disabled={importing.isPending || undefined}
            onClick={() => send(true)}
          >
            {importing.isPending ? t('checking') : t('check')}
          </button>
        )}
      </div>
    </>
  );
}

/** What the dry run found: counts, then each member created or updated with its changes. */
function PlannedChanges({ report }: { report: MemberImportReport }) {
  const { t } = useMembersCsvTranslation();
  const text = useMemberCsvText();
  const captionId = useId();
  return (
    <>
      <p className={styles.summary} role="status">
        {report.created + report.updated === 0
          ? t('nothing')
          : t('summary', {
              created: report.created,
              updated: report.updated,
              unchanged: report.unchanged,
            })}
      </p>
      {report.rows.length > 0 && (
        <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className={styles.table}>
            <caption id={captionId} className="visually-hidden">
              {t('changes_caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('line')}</th>
                <th scope="col">{t('member')}</th>
                <th scope="col">{t('outcome')}</th>
                <th scope="col">{t('changes')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.slice(0, SHOWN_ROWS).map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <th scope="row">{row.pseudo}</th>
                  <td>{t(row.outcome)}</td>
                  <td>
                    <ul className={styles.changes}>
                      {row.changes.map((change) => (
                        <li key={change.column}>{text.change(change)}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreRows total={report.rows.length} />
    </>
  );
}

/** Why the file is refused: each problem with its line, its column and its reason. */
function RefusedRows({ report }: { report: MemberImportReport }) {
  const { t } = useMembersCsvTranslation();
  const { t: common } = useTranslation();
  const text = useMemberCsvText();
  const captionId = useId();
  return (
    <>
      <p className={styles.summary} role="alert">
        {t('refused')}
      </p>
      <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionId} className="visually-hidden">
            {t('refused_caption')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('line')}</th>
              <th scope="col">{t('column')}</th>
              <th scope="col">{t('reason')}</th>
            </tr>
          </thead>
          <tbody>
            {report.refused.slice(0, SHOWN_ROWS).map((problem, index) => (
              <tr key={`${problem.line}-${problem.column}-${index}`}>
                <td>{problem.line ?? t('whole_file')}</td>
                <td>{problem.column === null ? '' : text.column(problem.column)}</td>
                <td>{importProblemText(common, t, problem)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MoreRows total={report.refused.length} />
    </>
  );
}
