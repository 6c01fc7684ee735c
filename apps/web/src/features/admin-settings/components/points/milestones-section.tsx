import type { Milestone } from '@guildhall/contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useLanguage } from '@/i18n/use-language';
import { useDeleteMilestone, useMilestones } from '../../api/points';
import { AdminSection } from '../admin-section';
import { AdminTable } from '../admin-table';
import shared from '../admin-tab.module.css';
import { MilestoneFormDialog } from './milestone-form-dialog';
import { MilestoneIcon } from '@/components/points/milestone-icon';
import styles from './points.module.css';

/** The milestones, lowest threshold first, with their editing. */
export function MilestonesSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data: milestones, error, isPending } = useMilestones();

  return (
    <AdminSection
      title={t('points_admin.milestones.title')}
      description={t('points_admin.milestones.description')}
    >
      {error ? (
        <AlertMessage>{t('points_admin.error_fetch')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage shape="table" />
      ) : milestones.length === 0 ? (
        <p className={shared.placeholder} role="status">
          {t('points_admin.milestones.empty')}
        </p>
      ) : (
        <AdminTable
          caption={t('points_admin.milestones.caption')}
          noWrap
          columns={
            <>
              <th scope="col">{t('points_admin.milestones.name')}</th>
              <th scope="col" className={shared.number}>
                {t('points_admin.milestones.threshold')}
              </th>
              <th scope="col">{t('points_admin.actions')}</th>
            </>
          }
        >
          {milestones.map((milestone) => (
            <tr key={milestone._id}>
              <th scope="row" className={shared.wrap}>
                <span className={styles.milestoneIcon}>
                  <MilestoneIcon icon={milestone.icon} colour={milestone.colour} />
                </span>{' '}
                {milestone.name}
              </th>
              <td className={shared.number}>
                {new Intl.NumberFormat(language).format(milestone.threshold)}
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
                  <DeleteMilestoneButton milestone={milestone} />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {!error && !isPending && (
        <div className={styles.sectionActions}>
          <MilestoneFormDialog>
            <button type="button" className="button button-primary">
              <Plus size={18} aria-hidden="true" />
              {t('points_admin.milestones.create')}
            </button>
          </MilestoneFormDialog>
        </div>
      )}
    </AdminSection>
  );
}

function DeleteMilestoneButton({ milestone }: { milestone: Milestone }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const deleteMilestone = useDeleteMilestone();
  const { name } = milestone;

  return (
    <ConfirmDialog
      title={t('points_admin.milestones.delete_confirm')}
      description={t('points_admin.milestones.delete_description', { name })}
      confirmLabel={t('points_admin.delete_action')}
      onConfirm={() =>
        deleteMilestone.mutate(milestone._id, {
          onSuccess: () => toast.success(t('points_admin.milestones.deleted', { name })),
          onError: (error) =>
            toast.error(t('points_admin.milestones.delete_error', { name }), describe(error)),
        })
      }
    >
      <button
        type="button"
        className="icon-button"
        aria-label={t('points_admin.milestones.delete', { name })}
        disabled={deleteMilestone.isPending}
      >
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </ConfirmDialog>
  );
}
