import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useUser } from '../api/get-user';
import { MemberEditForm } from '../components/edit/member-edit-form';
import { MemberTeamRoles } from '../components/edit/member-team-roles';
import { MembershipForm } from '../components/edit/membership-form';
import styles from '../components/edit/member-edit.module.css';

/**
 * `/users/modify/{id}` (admins), opened from the member list: the role and adhesion, the teams,
 * and the profile, each saved on its own.
 */
export function ModifyUserPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: member, error, isPending } = useUser(id);
  const describe = useApiErrorText();

  if (isPending) return <LoadingMessage shape="page" />;
  if (error) {
    return (
      <>
        <PageHeader title={t('pages.modify_user.title')} />
        <AlertMessage>
          {t('users.edit.load_error')} {describe(error)}
        </AlertMessage>
        <p>
          <Link to="/users/list">{t('users.edit.back')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('users.edit.title', { pseudo: member.pseudo })} />
      <div className={styles.panels}>
        {/* Saved again (or by the profile's save, an invited member joining): shown afresh. */}
        <MembershipForm key={`${member._id}:${member.role}:${member.adhesion}`} member={member} />
        <MemberTeamRoles key={member._id} member={member} />
      </div>
      {/* Another member, another form. */}
      <MemberEditForm key={member._id} member={member} />
    </>
  );
}
