import { Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/format-date';
import { useSeasons } from '@/lib/points/seasons';
import { useDeleteSeason } from '../../api/delete-season';
import { AdminSection } from '../admin-section';
import shared from '../admin-tab.module.css';
import { DeleteRowButton } from './delete-row-button';
import { ItemsTable } from './items-table';
import styles from './points.module.css';
import { SeasonFormDialog } from './season-form-dialog';

/** The seasons, oldest first as the server sends them, with their editing. */
export function SeasonsSection() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const seasons = useSeasons();
  const deleteSeason = useDeleteSeason();

  function seasonsSummary() {
    if (!seasons.data) return undefined;
    const current = seasons.data.find((season) => season.current);
    return current
      ? t('points_admin.seasons.summary_current', {
          name: current.name,
          date: format.calendarDay(current.ends_on),
        })
      : t('points_admin.seasons.summary', { count: seasons.data.length });
  }

  return (
    <AdminSection
      title={t('points_admin.seasons.title')}
      description={t('points_admin.seasons.description')}
      summary={seasonsSummary()}
    >
      <ItemsTable
        list={seasons}
        empty={t('points_admin.seasons.empty')}
        caption={t('points_admin.seasons.caption')}
        columns={
          <>
            <th scope="col">{t('points_admin.seasons.name')}</th>
            <th scope="col" className={styles.date}>
              {t('points_admin.seasons.starts_on')}
            </th>
            <th scope="col" className={styles.date}>
              {t('points_admin.seasons.ends_on')}
            </th>
            <th scope="col">{t('points_admin.actions')}</th>
          </>
        }
        cells={(season) => (
          <>
            <th scope="row" className={shared.wrap}>
              {season.name}
              {season.current && (
                <span className={styles.current}>{t('points_admin.seasons.current')}</span>
              )}
              {/* On a phone the days read under the name, where the day columns do not fit. */}
              <span className={styles.period}>
                {t('points_admin.seasons.period', {
                  start: format.calendarDay(season.starts_on),
                  end: format.calendarDay(season.ends_on),
                })}
              </span>
            </th>
            <td className={styles.date}>{format.calendarDay(season.starts_on)}</td>
            <td className={styles.date}>{format.calendarDay(season.ends_on)}</td>
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
                <DeleteRowButton
                  id={season._id}
                  remove={deleteSeason}
                  texts={{
                    label: t('points_admin.seasons.delete', { name: season.name }),
                    question: t('points_admin.seasons.delete_confirm'),
                    description: t('points_admin.seasons.delete_description', {
                      name: season.name,
                    }),
                    deleted: t('points_admin.seasons.deleted', { name: season.name }),
                    failed: t('points_admin.seasons.delete_error', { name: season.name }),
                  }}
                />
              </div>
            </td>
          </>
        )}
        create={
          <SeasonFormDialog>
            <button type="button" className="button button-primary">
              <Plus size={18} aria-hidden="true" />
              {t('points_admin.seasons.create')}
            </button>
          </SeasonFormDialog>
        }
      />
    </AdminSection>
  );
}
