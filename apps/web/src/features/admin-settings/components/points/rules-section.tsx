import {
  EVENT_TYPES,
  type EventType,
  POINTS_MANAGER_LIMIT_MAX,
  POINTS_PER_LINE_MAX,
  type PointRules,
  pointRulesSchema,
} from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { usePointRules, useSavePointRules } from '../../api/points';
import { useRecomputePoints } from '../../api/points-tools';
import { AdminSection } from '../admin-section';
import { AdminTable } from '../admin-table';
import shared from '../admin-tab.module.css';
import styles from './points.module.css';

/** The marks in the order an admin reads them, best first. */
export const RULE_MARKS = ['present', 'late', 'excused', 'absent'] as const;
type Mark = (typeof RULE_MARKS)[number];
type RulesDraft = Record<EventType, Record<Mark, string>>;

/** The rules of the other sources (decision 040), each a field of its own. */
const SOURCE_RULES = ['seniority', 'adhesion', 'division', 'tier', 'season_limit'] as const;
type SourceRule = (typeof SOURCE_RULES)[number];
type SourcesDraft = Record<SourceRule, string>;

const draftOf = (rules: PointRules): RulesDraft =>
  Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      Object.fromEntries(RULE_MARKS.map((mark) => [mark, String(rules.attendance[type][mark])])),
    ]),
  ) as RulesDraft;

const sourcesDraftOf = (rules: PointRules): SourcesDraft => ({
  seniority: String(rules.membership.seniority),
  adhesion: String(rules.membership.adhesion),
  division: String(rules.league.division),
  tier: String(rules.league.tier),
  season_limit: String(rules.managers.season_limit),
});

/** A field's number; NaN when blank, which the schema then refuses. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));

/** The whole rules from the drafts: the attendance table and the other sources' rules. */
const rulesOf = (draft: RulesDraft, sources: SourcesDraft, read: PointRules): unknown => ({
  ...read,
  attendance: Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      Object.fromEntries(RULE_MARKS.map((mark) => [mark, numberOf(draft[type][mark])])),
    ]),
  ),
  membership: { seniority: numberOf(sources.seniority), adhesion: numberOf(sources.adhesion) },
  league: { division: numberOf(sources.division), tier: numberOf(sources.tier) },
  managers: { season_limit: numberOf(sources.season_limit) },
});

const isPoints = (value: string) =>
  /^-?\d+$/.test(value.trim()) && Math.abs(Number(value)) <= POINTS_PER_LINE_MAX;
const isLimit = (value: string) =>
  /^\d+$/.test(value.trim()) && Number(value) <= POINTS_MANAGER_LIMIT_MAX;

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
      <RecomputeTool />
    </AdminSection>
  );
}

function RulesForm({ rules }: { rules: PointRules }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const save = useSavePointRules();
  const [draft, setDraft] = useState(() => draftOf(rules));
  const [sources, setSources] = useState(() => sourcesDraftOf(rules));
  const [problem, setProblem] = useState<string>();

  function change(type: EventType, mark: Mark, value: string) {
    setDraft((current) => ({ ...current, [type]: { ...current[type], [mark]: value } }));
    setProblem(undefined);
  }

  function changeSource(rule: SourceRule, value: string) {
    setSources((current) => ({ ...current, [rule]: value }));
    setProblem(undefined);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = pointRulesSchema.safeParse(rulesOf(draft, sources, rules));
    if (!parsed.success) {
      setProblem(t('points_admin.rules.invalid', { max: POINTS_PER_LINE_MAX }));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        setSources(sourcesDraftOf(saved));
        toast.success(t('points_admin.rules.saved'));
      },
      onError: (failure) => setProblem(describe(failure)),
    });
  }

  const isWrong = (value: string) => problem !== undefined && !isPoints(value);
  const sourceError = (rule: SourceRule) =>
    problem !== undefined && !(rule === 'season_limit' ? isLimit : isPoints)(sources[rule])
      ? t('points_admin.source_rules.invalid', {
          max: rule === 'season_limit' ? POINTS_MANAGER_LIMIT_MAX : POINTS_PER_LINE_MAX,
        })
      : undefined;

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
                    className={styles.ruleInput}
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
      <fieldset className={styles.sourceRules}>
        <legend className={styles.legend}>{t('points_admin.source_rules.legend')}</legend>
        <div className={shared.formGrid}>
          {SOURCE_RULES.map((rule) => (
            <TextField
              key={rule}
              type="number"
              inputMode="numeric"
              step={1}
              min={rule === 'season_limit' ? 0 : -POINTS_PER_LINE_MAX}
              max={rule === 'season_limit' ? POINTS_MANAGER_LIMIT_MAX : POINTS_PER_LINE_MAX}
              label={t(`points_admin.source_rules.${rule}`)}
              hint={t(`points_admin.source_rules.${rule}_hint`)}
              error={sourceError(rule)}
              value={sources[rule]}
              onChange={(event) => changeSource(rule, event.target.value)}
            />
          ))}
        </div>
      </fieldset>
      {problem && <AlertMessage>{problem}</AlertMessage>}
      <div className={shared.formActions}>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('points_admin.rules.save')}
        </button>
      </div>
    </form>
  );
}

/** Applies the rules again to every source, after a confirmation, and says how many lines. */
function RecomputeTool() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const recompute = useRecomputePoints();

  return (
    <div className={styles.recompute}>
      <p className={shared.note}>{t('points_admin.recompute.description')}</p>
      <ConfirmDialog
        title={t('points_admin.recompute.confirm_title')}
        description={t('points_admin.recompute.confirm_description')}
        confirmLabel={t('points_admin.recompute.confirm')}
        onConfirm={() => recompute.mutate()}
      >
        <button
          type="button"
          className="button"
          disabled={recompute.isPending}
          aria-busy={recompute.isPending || undefined}
        >
          {recompute.isPending
            ? t('points_admin.recompute.running')
            : t('points_admin.recompute.action')}
        </button>
      </ConfirmDialog>
      <p role="status" className={shared.note}>
        {recompute.data && t('points_admin.recompute.done', { count: recompute.data.written })}
      </p>
      {recompute.error && <AlertMessage>{describe(recompute.error)}</AlertMessage>}
    </div>
  );
}
