import {
  EVENT_TYPES,
  type EventType,
  POINTS_PER_LINE_MAX,
  type PointRules,
  pointRulesSchema,
} from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { usePointRules, useSavePointRules } from '../../api/points';
import { AdminSection } from '../admin-section';
import { AdminTable } from '../admin-table';
import shared from '../admin-tab.module.css';
import styles from './points.module.css';

/** The marks in the order an admin reads them, best first. */
export const RULE_MARKS = ['present', 'late', 'excused', 'absent'] as const;
type Mark = (typeof RULE_MARKS)[number];
type RulesDraft = Record<EventType, Record<Mark, string>>;

const draftOf = (rules: PointRules): RulesDraft =>
  Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      Object.fromEntries(RULE_MARKS.map((mark) => [mark, String(rules.attendance[type][mark])])),
    ]),
  ) as RulesDraft;

/** The whole rules, with the attendance table from the draft and the other rules as read. */
const rulesOf = (draft: RulesDraft, read: PointRules): unknown => ({
  ...read,
  attendance: Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      Object.fromEntries(
        RULE_MARKS.map((mark) => {
          const text = draft[type][mark].trim();
          return [mark, text === '' ? Number.NaN : Number(text)];
        }),
      ),
    ]),
  ),
});

/** Points per event type and attendance mark: the whole table, saved at once. */
export function RulesSection() {
  const { t } = useTranslation();
  const { data: rules, error, isPending } = usePointRules();

  return (
    <AdminSection
      title={t('points_admin.rules.title')}
      description={t('points_admin.rules.description')}
    >
      {error ? (
        <AlertMessage>{t('points_admin.error_fetch')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage shape="table" />
      ) : (
        <RulesForm rules={rules} />
      )}
    </AdminSection>
  );
}

function RulesForm({ rules }: { rules: PointRules }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const save = useSavePointRules();
  const [draft, setDraft] = useState(() => draftOf(rules));
  const [problem, setProblem] = useState<string>();

  function change(type: EventType, mark: Mark, value: string) {
    setDraft((current) => ({ ...current, [type]: { ...current[type], [mark]: value } }));
    setProblem(undefined);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = pointRulesSchema.safeParse(rulesOf(draft, rules));
    if (!parsed.success) {
      setProblem(t('points_admin.rules.invalid', { max: POINTS_PER_LINE_MAX }));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        toast.success(t('points_admin.rules.saved'));
      },
      onError: (failure) => setProblem(describe(failure)),
    });
  }

  const isWrong = (value: string) =>
    problem !== undefined &&
    !(/^-?\d+$/.test(value.trim()) && Math.abs(Number(value)) <= POINTS_PER_LINE_MAX);

  return (
    <form className={shared.form} noValidate onSubmit={submit}>
      <div className={styles.rulesTable}>
        <AdminTable
          caption={t('points_admin.rules.caption')}
          noWrap
          columns={
            <>
              <th scope="col">{t('points_admin.rules.event_type')}</th>
              {RULE_MARKS.map((mark) => (
                <th key={mark} scope="col" className={shared.number}>
                  {t(`points_admin.marks.${mark}`)}
                </th>
              ))}
            </>
          }
        >
          {EVENT_TYPES.map((type) => (
            <tr key={type}>
              <th scope="row">{t(`events_common.types.${type}`)}</th>
              {RULE_MARKS.map((mark) => (
                <td key={mark} className={shared.number}>
                  <input
                    type="number"
                    inputMode="numeric"
                    step={1}
                    min={-POINTS_PER_LINE_MAX}
                    max={POINTS_PER_LINE_MAX}
                    aria-label={t('points_admin.rules.cell', {
                      type: t(`events_common.types.${type}`),
                      mark: t(`points_admin.marks.${mark}`),
                    })}
                    aria-invalid={isWrong(draft[type][mark]) || undefined}
                    value={draft[type][mark]}
                    onChange={(event) => change(type, mark, event.target.value)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
      </div>
      {problem && <AlertMessage>{problem}</AlertMessage>}
      <div className={shared.formActions}>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('points_admin.rules.save')}
        </button>
      </div>
    </form>
  );
}
