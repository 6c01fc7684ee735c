import { ROLES } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import styles from './condition-builder.module.css';

/**
 * The values of `role` as a condition writes them, each with the role's name on screen:
 * `guest` is "Invité" and `invited` "Nouvel inscrit", which no one guesses from the English.
 */
export function RoleValues({ id }: { id?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className={styles.roleValues}>
      {ROLES.map((role) => (
        <li key={role}>
          <code>{role}</code> = {t(`roles.${role}`)}
        </li>
      ))}
    </ul>
  );
}
