import type { User } from '@guildhall/contract';
import { Award, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MilestoneIcon } from '@/components/points/milestone-icon';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { useDateFormat } from '@/lib/format-date';
import { useOneOffBadges } from '@/lib/users/get-member-badges';
import { useDeleteBadge } from '../../api/delete-badge';
import { AdminSection } from '../admin-section';
import shared from '../admin-tab.module.css';
import { MemberPicker } from '../member-picker';
import { BadgeFormDialog } from './badge-form-dialog';
import { DeleteRowButton } from './delete-row-button';
import { ItemsTable } from './items-table';
import styles from './points.module.css';

/** One-off badges: a member is chosen, then its badges are listed, given and taken back. */
export function BadgesSection() {
  const { t } = useTranslation();
  const [member, setMember] = useState<User>();

  return (
    <AdminSection
      title={t('points_admin.badges.title')}
      description={t('points_admin.badges.description')}
    >
      {member ? (
        <>
          <div className={styles.chosen}>
            <MemberAvatar member={member} />
            <span>{t('points_admin.badges.chosen', { pseudo: member.pseudo })}</span>
            <button type="button" className="button" onClick={() => setMember(undefined)}>
              {t('points_admin.badges.change_member')}
            </button>
          </div>
          <MemberBadgesTable member={member} />
        </>
      ) : (
        <MemberPicker
          label={t('points_admin.badges.member')}
          hint={t('points_admin.badges.member_hint')}
          pickLabel={(found) => t('points_admin.badges.pick', { pseudo: found.pseudo })}
          icon={<Award size={18} aria-hidden="true" />}
          onPick={setMember}
        />
      )}
    </AdminSection>
  );
}

function MemberBadgesTable({ member }: { member: User }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const badges = useOneOffBadges(member._id);
  const deleteBadge = useDeleteBadge(member._id);
  const { pseudo } = member;

  return (
    <ItemsTable
      list={badges}
      empty={t('points_admin.badges.empty')}
      caption={t('points_admin.badges.caption', { pseudo })}
      columns={
        <>
          <th scope="col">{t('points_admin.badges.name')}</th>
          <th scope="col">{t('points_admin.badges.reason')}</th>
          <th scope="col">{t('points_admin.badges.given_on')}</th>
          <th scope="col">{t('points_admin.actions')}</th>
        </>
      }
      cells={(badge) => (
        <>
          <th scope="row" className={shared.wrap}>
            <span className={styles.milestoneIcon}>
              <MilestoneIcon icon={badge.icon} colour={badge.colour} />
            </span>{' '}
            {badge.name}
          </th>
          <td className={shared.wrap}>{badge.reason}</td>
          <td>{format.date(badge.created_at)}</td>
          <td>
            <div className={shared.actions}>
              <DeleteRowButton
                id={badge._id}
                remove={deleteBadge}
                texts={{
                  label: t('points_admin.badges.delete', { name: badge.name }),
                  question: t('points_admin.badges.delete_confirm'),
                  description: t('points_admin.badges.delete_description', {
                    name: badge.name,
                    pseudo,
                  }),
                  deleted: t('points_admin.badges.deleted', { name: badge.name }),
                  failed: t('points_admin.badges.delete_error', { name: badge.name }),
                }}
              />
            </div>
          </td>
        </>
      )}
      create={
        <BadgeFormDialog member={member}>
          <button type="button" className="button button-primary">
            <Plus size={18} aria-hidden="true" />
            {t('points_admin.badges.create')}
          </button>
        </BadgeFormDialog>
      }
    />
  );
}
