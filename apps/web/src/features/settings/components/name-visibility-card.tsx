import type { SessionUser } from '@guildhall/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useSaveNameVisibility } from '../api/save-name-visibility';
import styles from './settings-forms.module.css';

/**
 * Who sees the member's real name: admins and the member always; everyone else only when the box
 * is ticked (the server applies it, decision 049). Saved as soon as it is ticked, as the look is.
 */
export function NameVisibilityCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const save = useSaveNameVisibility();
  const headingId = useId();
  const explanationId = useId();
  // The box shows the choice on its way; a failure brings back the saved one.
  const shown = save.isPending ? save.variables : user.preferences.show_real_name;

  const choose = (showRealName: boolean) =>
    save.mutate(showRealName, {
      onSuccess: () =>
        toast.success(
          t(showRealName ? 'settings.name_visibility.shown' : 'settings.name_visibility.hidden'),
        ),
      onError: (error) => toast.error(t('settings.name_visibility.failed'), describe(error)),
    });

  return (
    <section className={styles.form} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('settings.name_visibility.title')}
      </h2>
      <p id={explanationId} className={styles.note}>
        {t('settings.name_visibility.explanation')}
      </p>
      <CheckboxField
        label={t('settings.name_visibility.label')}
        checked={shown}
        aria-describedby={explanationId}
        onChange={(event) => {
          if (!save.isPending) choose(event.target.checked);
        }}
      />
    </section>
  );
}
