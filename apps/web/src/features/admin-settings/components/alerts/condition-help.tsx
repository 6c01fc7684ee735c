import { useTranslation } from 'react-i18next';
import { RoleValues } from './role-values';
import styles from './alerts.module.css';

/** The fields of the language, as written in a condition (docs/alert-conditions.md). */
const FIELDS = [
  ['role', 'role'],
  ['adhesion', 'adhesion'],
  ['pseudo', 'pseudo'],
  ['country, town', 'place'],
  ['member_days', 'member_days'],
  ['games', 'games'],
  ['teams', 'teams'],
  ['team_roles', 'team_roles'],
  ['twitch_connected, twitter_connected', 'connected'],
  ['profile_complete', 'profile_complete'],
] as const;

const OPERATORS = [
  ['==  !=  <  <=  >  >=', 'compare'],
  ['in (…)  not in (…)', 'in'],
  ['and  or  not  ( )', 'logic'],
  ['"France"  30  true  false', 'values'],
] as const;

const EXAMPLES = [
  ['true', 'everyone'],
  ['role == "guest"', 'guests'],
  ['not adhesion', 'not_joined'],
  ['role in ("user", "admin") and country == "France"', 'france'],
  ['"valorant" in games', 'valorant'],
  ['member_days < 30', 'newcomers'],
  ['"Coachs" in team_roles or "Bureau" in teams', 'coaches'],
  ['not twitch_connected', 'no_twitch'],
  ['not profile_complete', 'incomplete'],
] as const;

/** How to write a condition, with examples; folded until the admin opens it. */
export function ConditionHelp() {
  const { t } = useTranslation();
  return (
    <details className={styles.help}>
      <summary className={styles.helpSummary}>{t('alert_editor.help.summary')}</summary>
      <div className={styles.helpBody}>
        <p>{t('alert_editor.help.intro')}</p>
        <h3 className={styles.helpHeading}>{t('alert_editor.help.fields_title')}</h3>
        <dl className={styles.helpList}>
          {FIELDS.map(([code, key]) => (
            <div key={key}>
              <dt>
                <code>{code}</code>
              </dt>
              <dd>
                {t(`alert_editor.help.fields.${key}`)}
                {key === 'role' && <RoleValues />}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className={styles.helpHeading}>{t('alert_editor.help.operators_title')}</h3>
        <dl className={styles.helpList}>
          {OPERATORS.map(([code, key]) => (
            <div key={key}>
              <dt>
                <code>{code}</code>
              </dt>
              <dd>{t(`alert_editor.help.operators.${key}`)}</dd>
            </div>
          ))}
        </dl>
        <h3 className={styles.helpHeading}>{t('alert_editor.help.examples_title')}</h3>
        <dl className={styles.helpList}>
          {EXAMPLES.map(([code, key]) => (
            <div key={key}>
              <dt>
                <code>{code}</code>
              </dt>
              <dd>{t(`alert_editor.help.examples.${key}`)}</dd>
            </div>
          ))}
        </dl>
        <p>{t('alert_editor.help.limits')}</p>
      </div>
    </details>
  );
}
