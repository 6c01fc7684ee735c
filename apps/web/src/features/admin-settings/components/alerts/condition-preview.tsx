import type { ConditionProblem } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/lib/api-error-text';
import { conditionProblemText } from '@/lib/condition-problem-text';
import { useAlertConditionPreview } from '../../api/preview-alert-condition';
import styles from './alerts.module.css';

interface ConditionPreviewProps {
  id: string;
  /** The condition as typed now. */
  typed: string;
  /** The condition last checked: `typed` once the admin pauses. */
  checked: string;
  /** Selects the offending character in the condition field (offset in `typed`). */
  onShowError: (offset: number) => void;
}

/**
 * What the server says of the condition, as the admin types: valid and how many members it
 * matches right now, or why not and where. Screen readers hear each answer once it settles.
 */
export function ConditionPreview({ id, typed, checked, onShowError }: ConditionPreviewProps) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const condition = checked.trim();
  const preview = useAlertConditionPreview(condition);
  const waiting = typed.trim() !== condition || preview.isFetching;
  // The server saw the condition trimmed: its offsets start after the leading spaces.
  const leadingSpaces = typed.length - typed.trimStart().length;

  return (
    <div id={id} role="status" aria-busy={waiting} className={styles.preview}>
      {typed.trim() === '' ? null : waiting ? (
        <p className={styles.previewText}>{t('alert_editor.check.checking')}</p>
      ) : preview.error ? (
        <p className={styles.previewText} data-state="failed">
          {t('alert_editor.check.failed', { message: describe(preview.error) })}
        </p>
      ) : preview.data?.valid ? (
        <p className={styles.previewText} data-state="valid">
          {t('alert_editor.check.valid', {
            count: preview.data.matches,
            total: preview.data.total,
          })}
        </p>
      ) : preview.data ? (
        <InvalidCondition
          condition={condition}
          problem={preview.data.problem}
          onShowError={(position) => onShowError(leadingSpaces + position)}
        />
      ) : null}
    </div>
  );
}

interface InvalidConditionProps {
  condition: string;
  problem: ConditionProblem;
  onShowError: (position: number) => void;
}

/** Why the condition does not parse, with the character the error is about highlighted. */
function InvalidCondition({ condition, problem, onShowError }: InvalidConditionProps) {
  const { t } = useTranslation();
  const { position } = problem;
  const before = condition.slice(0, position);
  // Past the end (something is missing there), a space stands for the character.
  const at = condition.slice(position, position + 1) || ' ';
  const after = condition.slice(position + 1);
  return (
    <>
      <p className={styles.previewText} data-state="invalid">
        {t('alert_editor.check.invalid', {
          reason: conditionProblemText(t, problem),
          position: position + 1,
        })}
      </p>
      {/* The reason already says where: the highlight is for the eyes. */}
      <pre className={styles.echo} aria-hidden="true">
        <code>
          {before}
          <mark className={styles.errorMark}>{at}</mark>
          {after}
        </code>
      </pre>
      <button type="button" className="button button-small" onClick={() => onShowError(position)}>
        {t('alert_editor.check.show_error')}
      </button>
    </>
  );
}
