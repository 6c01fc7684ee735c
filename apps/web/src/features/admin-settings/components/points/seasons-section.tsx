import type { Season } from '@guildhall/contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useDateFormat } from '@/lib/format-date';
import { useDeleteSeason, useSeasons } from '../../api/points';
import { AdminSection } from '../admin-section';
import { AdminTable } from '../admin-table';
import shared from '../admin-tab.module.css';
import styles from './points.module.css';
import { SeasonFormDialog } from './season-form-dialog';

/** The seasons, oldest first as the server sends them, with their editing. */
export function SeasonsSection() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { data: seasons, error, isPending } = useSeasons();

  return (
    <AdminSection
      title={t('points_admin.seasons.title')}
      description={t('points_admin.seasons.description')}
    >
      {error ? (
        <AlertMessage>{t('points_admin.error_fetch')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage shape="table" />
      ) : seasons.length === 0 ? (
        <p className={shared.placeholder} role="status">
          {t('points_admin.seasons.empty')}
        </p>
      ) : (
        <AdminTable
          caption={t('points_admin.seasons.caption')}
          noWrap
          columns={
            <>
              <th scope="col">{t('points_admin.seasons.name')}</th>
              <th scope="col">{t('points_admin.seasons.starts_on')}</th>
              <th scope="col">{t('points_admin.seasons.ends_on')}</th>
              <th scope="col">{t('points_admin.actions')}</th>
            </>
          }
        >
          {seasons.map((season) => (
            <tr key={season._id}>
              <th scope="row" className={shared.wrap}>
                {season.name}
                {season.current && (
                  <span className={styles.current}>{t('points_admin.seasons.current')}</span>
                )}
              </th>
              <td>{format.calendarDay(season.starts_on)}</td>
              <td>{format.calendarDay(season.ends_on)}</td>
              <td>
                <div className={shared.actions}>
                  <SeasonFormDialog season={season}>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('points_admin.seasons.edit', { name: season.name })}
                    >
                      <Pencil size={18} aria-hidden="true" />
                    </button>
                  </SeasonFormDialog>
                  <DeleteSeasonButton season={season} />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {!error && !isPending && (
        <div className={styles.sectionActions}>
          <SeasonFormDialog>
            <button type="button" className="button button-primary">
              <Plus size={18} aria-hidden="true" />
              {t('points_admin.seasons.create')}
            </button>
          </SeasonFormDialog>
        </div>
      )}
    </AdminSection>
  );
}

function DeleteSeasonButton({ season }: { season: Season }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const deleteSeason = useDeleteSeason();
  const { name } = season;

  return (
    <ConfirmDialog
      title={t('points_admin.seasons.delete_confirm')}
      description={t('points_admin.seasons.delete_description', { name })}
      confirmLabel={t('points_admin.delete_action')}
      onConfirm={() =>
        deleteSeason.mutate(season._id, {
          onSuccess: () => toast.success(t('points_admin.seasons.deleted', { name })),
          onError: (error) =>
            toast.error(t('points_admin.seasons.delete_error', { name }), describe(error)),
        })
      }
    >
      <button
        type="button"
        className="icon-button"
        aria-label={t('points_admin.seasons.delete', { name })}
        disabled={deleteSeason.isPending}
      >
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </ConfirmDialog>
  );
}
