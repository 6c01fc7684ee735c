import { ALERT_CONDITION_MAX_LENGTH } from '@guildhall/contract';
import { useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useTeams } from '@/lib/teams/get-teams';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import { ConditionBuilder } from './condition-builder';
import { type BuilderCondition, readBuilder, writeBuilder } from './condition-builder-model';
import { ConditionHelp } from './condition-help';
import { ConditionPreview } from './condition-preview';
import { RoleValues } from './role-values';
import alertStyles from './alerts.module.css';
import styles from './condition-builder.module.css';

/** How long typing must pause before the condition is checked. */
const CHECK_DELAY_MS = 300;

interface ConditionEditorProps {
  /** The form's condition field, and the condition it holds now. */
  field: UseFormRegisterReturn & { error?: string | undefined };
  condition: string;
  /** Puts the builder's condition in the form. */
  onWrite: (condition: string) => void;
}

/**
 * Whom the alert is shown to: by point and click with the builder when it can show the
 * condition, else as text in the condition language, for experts. Either way the server checks it
 * and says how many members it matches.
 */
export function ConditionEditor({ field, condition, onWrite }: ConditionEditorProps) {
  const { t } = useTranslation();
  const teams = useTeams();
  const [builder, setBuilder] = useState(() => readBuilder(condition));
  const [mode, setMode] = useState<'builder' | 'text'>(builder ? 'builder' : 'text');
  const [unreadable, setUnreadable] = useState(false);
  const [checked, setChecked] = useState(condition);
  const scheduleCheck = useDebouncedCallback(setChecked, CHECK_DELAY_MS);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const previewId = useId();
  const roleValuesId = useId();
  const writtenId = useId();

  function build(next: BuilderCondition) {
    const written = writeBuilder(next);
    setBuilder(next);
    onWrite(written);
    scheduleCheck(written);
  }

  function showBuilder() {
    const read = readBuilder(condition);
    setUnreadable(read === undefined);
    if (!read) return;
    setBuilder(read);
    setMode('builder');
  }

  function showConditionError(offset: number) {
    const text = textRef.current;
    if (!text) return;
    text.focus();
    text.setSelectionRange(offset, offset + 1);
  }

  return (
    <div className={alertStyles.conditionField}>
      <div className={styles.modes} role="group" aria-label={t('alert_editor.builder.modes')}>
        <span className={styles.modesLabel} aria-hidden="true">
          {t('alert_editor.builder.modes')}
        </span>
        <button
          type="button"
          className="button button-small"
          aria-pressed={mode === 'builder'}
          onClick={showBuilder}
        >
          {t('alert_editor.builder.mode_builder')}
        </button>
        <button
          type="button"
          className="button button-small"
          aria-pressed={mode === 'text'}
          onClick={() => setMode('text')}
        >
          {t('alert_editor.builder.mode_text')}
        </button>
      </div>
      {unreadable && mode === 'text' && (
        <p role="alert" className={styles.note}>
          {t('alert_editor.builder.unreadable')}
        </p>
      )}

      {mode === 'builder' && builder ? (
        <>
          <ConditionBuilder value={builder} onChange={build} teams={teams.data} />
          <figure className={styles.written} aria-labelledby={writtenId}>
            <figcaption id={writtenId} className={styles.writtenLabel}>
              {t('alert_editor.builder.written')}
            </figcaption>
            <pre className={styles.writtenText}>
              <code>{condition}</code>
            </pre>
          </figure>
        </>
      ) : (
        <>
          <TextAreaField
            label={t('alert_editor.form.condition')}
            required
            rows={2}
            maxLength={ALERT_CONDITION_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            hint={t('alert_editor.form.condition_hint')}
            describedBy={`${roleValuesId} ${previewId}`}
            {...field}
            ref={(element: HTMLTextAreaElement | null) => {
              field.ref(element);
              textRef.current = element;
            }}
            onChange={(event) => {
              void field.onChange(event);
              setUnreadable(false);
              scheduleCheck(event.target.value);
            }}
          />
          <div className={styles.written}>
            <p className={styles.writtenLabel}>{t('alert_editor.builder.role_values')}</p>
            <RoleValues id={roleValuesId} />
          </div>
        </>
      )}
      <ConditionPreview
        id={previewId}
        typed={condition}
        checked={checked}
        onShowError={showConditionError}
      />
      <ConditionHelp />
    </div>
  );
}
