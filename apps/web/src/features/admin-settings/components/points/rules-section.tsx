import {
  EVENT_TYPES,
  POINTS_MANAGER_LIMIT_MAX,
  POINTS_PER_LINE_MAX,
  type PointRules,
  pointRulesSchema,
} from '@guildhall/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { FieldError, TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { type ProblemKeys, useContractForm } from '@/lib/contract-form';
import { usePointRules } from '../../api/get-point-rules';
import { useSavePointRules } from '../../api/save-point-rules';
import { useRecomputePoints } from '../../api/recompute-points';
import { AdminSection } from '../admin-section';
import { AdminTable } from '../admin-table';
import shared from '../admin-tab.module.css';
import styles from './points.module.css';

/** The marks in the order an admin reads them, best first. */
export const RULE_MARKS = ['present', 'late', 'excused', 'absent'] as const;

/** The rules of the other sources (decision 040), each a field of its own, by its path. */
const SOURCE_RULES = [
  ['seniority', 'membership.seniority'],
  ['adhesion', 'membership.adhesion'],
  ['division', 'league.division'],
  ['tier', 'league.tier'],
  ['season_limit', 'managers.season_limit'],
] as const;

/** The rules as typed: the body's shape, each number a field's text. */
type Typed<T> = { [K in keyof T]: T[K] extends number ? string : Typed<T[K]> };
type RulesValues = Typed<PointRules>;

const valuesOf = (rules: PointRules): RulesValues => ({
  attendance: Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      Object.fromEntries(RULE_MARKS.map((mark) => [mark, String(rules.attendance[type][mark])])),
    ]),
  ) as RulesValues['attendance'],
  membership: {
    seniority: String(rules.membership.seniority),
    adhesion: String(rules.membership.adhesion),
  },
  league: { division: String(rules.league.division), tier: String(rules.league.tier) },
  managers: { season_limit: String(rules.managers.season_limit) },
});

/** A field's number; NaN when blank, which the schema then refuses. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));

/** The body the fields make: the same shape, numbers for texts. */
const bodyOf = (values: RulesValues): unknown => ({
  attendance: Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      Object.fromEntries(RULE_MARKS.map((mark) => [mark, numberOf(values.attendance[type][mark])])),
    ]),
  ),
  membership: {
    seniority: numberOf(values.membership.seniority),
    adhesion: numberOf(values.membership.adhesion),
  },
  league: { division: numberOf(values.league.division), tier: numberOf(values.league.tier) },
  managers: { season_limit: numberOf(values.managers.season_limit) },
});

const cellProblem = {
  empty: 'points_admin.rules.invalid',
  invalid: 'points_admin.rules.invalid',
} as const;
const sourceProblem = (max: number) =>
  ({
    empty: 'points_admin.source_rules.invalid',
    invalid: 'points_admin.source_rules.invalid',
    params: { max },
  }) as const;

/** Each field says what it takes, blank or not: the same text as for a wrong number. */
const RULES_PROBLEMS: ProblemKeys = {
  ...Object.fromEntries(
    EVENT_TYPES.flatMap((type) =>
      RULE_MARKS.map((mark) => [`attendance.${type}.${mark}`, cellProblem]),
    ),
  ),
  ...Object.fromEntries(
    SOURCE_RULES.map(([rule, path]) => [
      path,
      sourceProblem(rule === 'season_limit' ? POINTS_MANAGER_LIMIT_MAX : POINTS_PER_LINE_MAX),
    ]),
  ),
};

/** A problem is said on the very field it is about: the whole path, not its top-level key. */
const wholePath = (path: readonly string[]) => path.join('.');

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
  const tableProblemId = useId();
  const form = useContractForm<RulesValues, PointRules>({
    schema: pointRulesSchema,
    defaultValues: valuesOf(rules),
    toBody: bodyOf,
    fieldOf: wholePath,
    problems: RULES_PROBLEMS,
    problemParams: { max: POINTS_PER_LINE_MAX },
  });

  const submit = form.submit((body) => {
    if (save.isPending) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast.success(t('points_admin.rules.saved'));
      },
      onError: (failure) => {
        form.showFailure(describe(failure));
        form.showServerIssues(failure);
      },
    });
  });

  const cellsWrong = EVENT_TYPES.some((type) =>
    RULE_MARKS.some((mark) => form.errorOf(`attendance.${type}.${mark}`) !== undefined),
  );

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
              {RULE_MARKS.map((mark) => {
                const { error, ...control } = form.field(`attendance.${type}.${mark}`);
                return (
                  <td key={mark} className={shared.number}>
                    <input
                      {...control}
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
                      aria-invalid={error !== undefined || undefined}
                      aria-describedby={error !== undefined ? tableProblemId : undefined}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </AdminTable>
      </div>
      {cellsWrong && (
        <FieldError
          id={tableProblemId}
          message={t('points_admin.rules.invalid', { max: POINTS_PER_LINE_MAX })}
        />
      )}
      <fieldset className={styles.sourceRules}>
        <legend className={styles.legend}>{t('points_admin.source_rules.legend')}</legend>
        <div className={shared.formGrid}>
          {SOURCE_RULES.map(([rule, path]) => (
            <TextField
              key={rule}
              type="number"
              inputMode="numeric"
              step={1}
              min={rule === 'season_limit' ? 0 : -POINTS_PER_LINE_MAX}
              max={rule === 'season_limit' ? POINTS_MANAGER_LIMIT_MAX : POINTS_PER_LINE_MAX}
              label={t(`points_admin.source_rules.${rule}`)}
              hint={t(`points_admin.source_rules.${rule}_hint`)}
              {...form.field(path)}
            />
          ))}
        </div>
      </fieldset>
      {form.failure && <AlertMessage>{form.failure}</AlertMessage>}
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
