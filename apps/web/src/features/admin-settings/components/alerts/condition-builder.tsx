import { ROLES, type Team } from '@guildhall/contract';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox-field';
import {
  type BuilderCondition,
  type Combinator,
  CRITERIA,
  type Criterion,
  type CriterionKind,
  newCriterion,
} from './condition-builder-model';
import styles from './condition-builder.module.css';

interface ConditionBuilderProps {
  value: BuilderCondition;
  onChange: (value: BuilderCondition) => void;
  /** The organisation's teams, whose names and role names the criteria pick from; undefined while they load. */
  teams: readonly Team[] | undefined;
}

/** `values` with `value` in or out. */
const toggle = <Value,>(values: readonly Value[], value: Value, on: boolean): Value[] =>
  on ? [...values, value] : values.filter((other) => other !== value);

/**
 * Who sees the alert, by point and click: criteria on the role, the teams, the team roles,
 * adhesion and the profile, all of which or any of which must hold. No criterion: everyone.
 */
export function ConditionBuilder({ value, onChange, teams }: ConditionBuilderProps) {
  const { t } = useTranslation();
  const { combinator, criteria } = value;
  const rootRef = useRef<HTMLFieldSetElement>(null);
  // The criterion just added, or the add buttons after a removal: where the focus goes next.
  const focusNext = useRef<CriterionKind | 'add'>(undefined);
  const missing = CRITERIA.filter((kind) => !criteria.some((criterion) => criterion.kind === kind));

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = undefined;
    const selector = target === 'add' ? '[data-add] button' : `[data-kind="${target}"] input`;
    rootRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  const replace = (next: Criterion) =>
    onChange({
      combinator,
      criteria: criteria.map((criterion) => (criterion.kind === next.kind ? next : criterion)),
    });

  return (
    <fieldset ref={rootRef} className={styles.builder}>
      <legend className={styles.legend}>{t('alert_editor.builder.legend')}</legend>
      {criteria.length === 0 ? (
        <p className={styles.everyone}>{t('alert_editor.builder.everyone')}</p>
      ) : (
        criteria.length > 1 && (
          <CombinatorChoice
            value={combinator}
            onChange={(next) => onChange({ combinator: next, criteria })}
          />
        )
      )}
      {criteria.map((criterion) => (
        <CriterionRow
          key={criterion.kind}
          criterion={criterion}
          teams={teams}
          onChange={replace}
          onRemove={() => {
            onChange({
              combinator,
              criteria: criteria.filter((other) => other.kind !== criterion.kind),
            });
            focusNext.current = 'add';
          }}
        />
      ))}
      {missing.length > 0 && (
        <div
          className={styles.add}
          role="group"
          aria-label={t('alert_editor.builder.add')}
          data-add
        >
          <span className={styles.addLabel} aria-hidden="true">
            {t('alert_editor.builder.add')}
          </span>
          {missing.map((kind) => (
            <button
              key={kind}
              type="button"
              className="button button-small"
              onClick={() => {
                onChange({ combinator, criteria: [...criteria, newCriterion(kind)] });
                focusNext.current = kind;
              }}
            >
              <span aria-hidden="true">+ </span>
              {t(`alert_editor.builder.criteria.${kind}`)}
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function CombinatorChoice({
  value,
  onChange,
}: {
  value: Combinator;
  onChange: (value: Combinator) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className={styles.criterion}>
      <legend className={styles.criterionLegend}>{t('alert_editor.builder.combinator')}</legend>
      <div className={styles.choices}>
        {(['and', 'or'] as const).map((choice) => (
          <label key={choice} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            {t(`alert_editor.builder.combinators.${choice}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface CriterionRowProps {
  criterion: Criterion;
  teams: readonly Team[] | undefined;
  onChange: (criterion: Criterion) => void;
  onRemove: () => void;
}

function CriterionRow({ criterion, teams, onChange, onRemove }: CriterionRowProps) {
  const { t } = useTranslation();
  const title = t(`alert_editor.builder.criteria.${criterion.kind}`);
  const noneId = useId();
  const empty = 'values' in criterion && criterion.values.length === 0;
  return (
    <fieldset
      className={styles.criterion}
      data-kind={criterion.kind}
      aria-describedby={empty ? noneId : undefined}
    >
      <legend className={styles.criterionLegend}>{title}</legend>
      <CriterionValues criterion={criterion} teams={teams} onChange={onChange} />
      {empty && (
        <p id={noneId} className={styles.note}>
          {t(`alert_editor.builder.none_picked.${criterion.kind}`)}
        </p>
      )}
      <button type="button" className={`button button-small ${styles.remove}`} onClick={onRemove}>
        {t('alert_editor.builder.remove', { criterion: title })}
      </button>
    </fieldset>
  );
}

/** The team role names of every team, each with the teams that have it. */
function teamRoleNames(teams: readonly Team[]): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const team of teams) {
    for (const { role } of team.roles) names.set(role, [...(names.get(role) ?? []), team.name]);
  }
  return new Map([...names].sort(([one], [other]) => one.localeCompare(other)));
}

function CriterionValues({ criterion, teams, onChange }: Omit<CriterionRowProps, 'onRemove'>) {
  const { t } = useTranslation();
  const name = useId();
  switch (criterion.kind) {
    case 'roles':
      return (
        <div className={styles.choices}>
          {ROLES.map((role) => (
            <CheckboxField
              key={role}
              label={t('alert_editor.builder.role_option', {
                role: t(`roles.${role}`),
                value: role,
              })}
              checked={criterion.values.includes(role)}
              onChange={(event) =>
                onChange({
                  ...criterion,
                  values: toggle(criterion.values, role, event.target.checked),
                })
              }
            />
          ))}
        </div>
      );
    case 'teams':
    case 'team_roles': {
      const known =
        criterion.kind === 'teams'
          ? new Map((teams ?? []).map((team) => [team.name, undefined]))
          : teamRoleNames(teams ?? []);
      // A value the condition names but no team has any more (renamed, deleted) stays pickable.
      const gone = criterion.values.filter((value) => !known.has(value));
      const options: [string, string[] | undefined][] = [
        ...known,
        ...gone.map((value) => [value, []] as [string, string[]]),
      ];
      if (options.length === 0) {
        return (
          <p className={styles.note}>{t(`alert_editor.builder.no_options.${criterion.kind}`)}</p>
        );
      }
      return (
        <div className={styles.choices}>
          {options.map(([value, teamsWithIt]) => (
            <CheckboxField
              key={value}
              label={
                teamsWithIt === undefined
                  ? value
                  : teamsWithIt.length > 0
                    ? t('alert_editor.builder.team_role_option', {
                        role: value,
                        teams: teamsWithIt.join(', '),
                      })
                    : teams
                      ? t('alert_editor.builder.gone', { value })
                      : value
              }
              checked={criterion.values.includes(value)}
              onChange={(event) =>
                onChange({
                  ...criterion,
                  values: toggle(criterion.values, value, event.target.checked),
                })
              }
            />
          ))}
        </div>
      );
    }
    case 'adhesion':
    case 'profile_complete':
      return (
        <div className={styles.choices}>
          {[true, false].map((choice) => (
            <label key={String(choice)} className={styles.choice}>
              <input
                type="radio"
                name={name}
                checked={criterion.value === choice}
                onChange={() => onChange({ ...criterion, value: choice })}
              />
              {t(`alert_editor.builder.${criterion.kind}.${choice ? 'yes' : 'no'}`)}
            </label>
          ))}
        </div>
      );
  }
}
