import { Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MilestoneIcon } from '@/components/points/milestone-icon';
import { useLanguage } from '@/i18n/use-language';
import { useDeleteMilestone } from '../../api/delete-milestone';
import { useMilestones } from '../../api/get-milestones';
import { AdminSection } from '../admin-section';
import shared from '../admin-tab.module.css';
import { DeleteRowButton } from './delete-row-button';
import { ItemsTable } from './items-table';
import { MilestoneFormDialog } from './milestone-form-dialog';
import styles from './points.module.css';
import { numberFormat } from '@/lib/intl-formats';

/** The milestones, lowest threshold first, with their editing. */
export function MilestonesSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const milestones = useMilestones();
  const deleteMilestone = useDeleteMilestone();

  return (
    <AdminSection
      title={t('points_admin.milestones.title')}
      description={t('points_admin.milestones.description')}
      summary={
        milestones.data && t('points_admin.milestones.summary', { count: milestones.data.length })
      }
    >
      <ItemsTable
        list={milestones}
        empty={t('points_admin.milestones.empty')}
        caption={t('points_admin.milestones.caption')}
        columns={
          <>
            <th scope="col">{t('points_admin.milestones.name')}</th>
            <th scope="col" className={shared.number}>
              {t('points_admin.milestones.threshold')}
            </th>
            <th scope="col">{t('points_admin.actions')}</th>
          </>
        }
        cells={(milestone) => (
          <>
            <th scope="row" className={shared.wrap}>
              <span className={styles.milestoneIcon}>
                <MilestoneIcon icon={milestone.icon} colour={milestone.colour} />
              </span>{' '}
              {milestone.name}
            </th>
            <td className={shared.number}>
              {numberFormat(language, {}).format(milestone.threshold)}
            </td>
            <td>
              <div className={shared.actions}>
                <MilestoneFormDialog milestone={milestone}>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('points_admin.milestones.edit', { name: milestone.name })}
                  >
                    <Pencil size={18} aria-hidden="true" />
                  </button>
                </MilestoneFormDialog>
                <DeleteRowButton
                  id={milestone._id}
                  remove={deleteMilestone}
                  texts={{
                    label: t('points_admin.milestones.delete', { name: milestone.name }),
                    question: t('points_admin.milestones.delete_confirm'),
                    description: t('points_admin.milestones.delete_description', {
                      name: milestone.name,
                    }),
                    deleted: t('points_admin.milestones.deleted', { name: milestone.name }),
                    failed: t('points_admin.milestones.delete_error', { name: milestone.name }),
                  }}
                />
              </div>
            </td>
          </>
        )}
        create={
          <MilestoneFormDialog>
            <button type="button" className="button button-primary">
              <Plus size={18} aria-hidden="true" />
              {t('points_admin.milestones.create')}
            </button>
          </MilestoneFormDialog>
        }
      />
    </AdminSection>
  );
}
