import {
  membershipChangeBodySchema,
  type MembershipChangeBody,
  type Role,
  ROLES,
  type User,
} from '@guildhall/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useChangeMembership } from '../../api/change-membership';
import { useRoles } from '../../api/get-roles';
import styles from './member-edit.module.css';

interface MembershipValues {
  role: Role | '';
  adhesion: boolean;
}

const valuesOf = (member: User): MembershipValues => ({
  role: member.role,
  adhesion: member.adhesion,
});

/**
 * The member's role and adhesion, saved on their own: an admin changes them for a newcomer who
 * has filled in nothing yet (issue 31). Only what changed is sent.
 */
export function MembershipForm({ member }: { member: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const roles = useRoles();
  const change = useChangeMembership();
  const headingId = useId();
  const form = useContractForm<MembershipValues, MembershipChangeBody>({
    schema: membershipChangeBodySchema,
    defaultValues: valuesOf(member),
    toBody: (values) => ({
      members: { ids: [member._id] },
      ...(values.role !== member.role && { role: values.role }),
      ...(values.adhesion !== member.adhesion && { adhesion: values.adhesion }),
    }),
    // A body that changes nothing is refused at `role`: the form says so there.
    problems: {
      role: { empty: 'users.edit.nothing_changed', invalid: 'users.edit.nothing_changed' },
    },
  });

  const offered = roles.data?.roles;
  const chosenRole = form.watch('role');
  const roleOptions = offered
    ? ROLES.filter((role) => role in offered)
    : ROLES.filter((role) => role === chosenRole);

  const handleSubmit = form.submit((body) => {
    if (change.isPending) return;
    change.mutate(body, {
      onSuccess: () => {
        toast.success(t('users.edit.membership_saved', { pseudo: member.pseudo }));
      },
      onError: (error) => {
        form.showServerIssues(error, {
          role: isApiError(error, 'last_admin') ? describe(error) : undefined,
        });
        toast.error(t('users.edit.membership_error'), describe(error));
      },
    });
  });

  return (
    <form
      className={`card ${styles.panel}`}
      noValidate
      aria-labelledby={headingId}
      onSubmit={handleSubmit}
    >
      <h2 id={headingId} className={styles.heading}>
        {t('users.edit.membership')}
      </h2>
      <p className={styles.note}>{t('users.edit.membership_note')}</p>
      <div className={styles.grid}>
        <SelectField label={t('fields.role')} {...form.field('role')}>
          {roleOptions.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <CheckboxField label={t('fields.adhesion')} {...form.register('adhesion')} />
      </div>
      {roles.error && <AlertMessage>{t('users.edit.roles_error')}</AlertMessage>}
      <div className={styles.actions}>
        <button type="submit" className="button button-primary">
          {change.isPending ? t('forms.saving') : t('users.edit.membership_save')}
        </button>
      </div>
    </form>
  );
}
