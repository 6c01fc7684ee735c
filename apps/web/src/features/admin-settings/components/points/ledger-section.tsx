import { POINT_SOURCES, type LedgerLine } from '@guildhall/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTextsPart } from '@/i18n/i18n';
import { usePointsReason } from '@/lib/points/points-reason';
import { Pager } from '@/components/ui/pager';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useLanguage } from '@/i18n/use-language';
import { useDateFormat } from '@/lib/format-date';
import { itemsOf } from '@/lib/paging';
import { useSeasons } from '@/lib/points/seasons';
import { type LedgerFilter } from '../../api/points-query-keys';
import { useLedger } from '../../api/get-ledger';
import { ledgerCsvUrl } from '../../api/get-ledger-csv';
import { AdminSection } from '../admin-section';
import { AdminTable } from '../admin-table';
import shared from '../admin-tab.module.css';
import styles from './points.module.css';
import { numberFormat } from '@/lib/intl-formats';

/** The ledger, newest line first, filtered by season and source, a page at a time. */
export function LedgerSection() {
  // The rules' reasons (membership, League ranks) are said with the profile's texts.
  useTextsPart('profile');
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LedgerFilter>({});
  const seasons = useSeasons();
  const ledger = useLedger(filter);
  const lines = itemsOf(ledger.data);

  return (
    <AdminSection
      title={t('points_admin.ledger.title')}
      description={t('points_admin.ledger.description')}
    >
      <div className={shared.filters}>
        <SelectField
          label={t('points_admin.ledger.season_filter')}
          value={filter.season ?? ''}
          onChange={(event) => setFilter({ ...filter, season: event.target.value || undefined })}
        >
          <option value="">{t('points_admin.ledger.all_seasons')}</option>
          {(seasons.data ?? []).map((season) => (
            <option key={season._id} value={season._id}>
              {season.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('points_admin.ledger.source_filter')}
          value={filter.source ?? ''}
          onChange={(event) =>
            setFilter({
              ...filter,
              source: POINT_SOURCES.find((source) => source === event.target.value),
            })
          }
        >
          <option value="">{t('points_admin.ledger.all_sources')}</option>
          {POINT_SOURCES.map((source) => (
            <option key={source} value={source}>
              {t(`points_admin.sources.${source}`)}
            </option>
          ))}
        </SelectField>
        {/* A plain link: the browser downloads the file with the session's cookie. */}
        <a className={`button ${styles.exportLink}`} href={ledgerCsvUrl(filter)} download>
          <Download size={16} aria-hidden="true" />
          {t('points_admin.ledger_export.action')}
        </a>
      </div>
      {ledger.error && !ledger.data ? (
        <AlertMessage>{t('points_admin.error_fetch')}</AlertMessage>
      ) : ledger.isPending ? (
        <LoadingMessage shape="table" />
      ) : lines.length === 0 ? (
        <p className={shared.placeholder} role="status">
          {filter.season || filter.source
            ? t('points_admin.ledger.no_match')
            : t('points_admin.ledger.empty')}
        </p>
      ) : (
        <>
          <div className={styles.ledgerTable}>
            <LedgerTable lines={lines} />
          </div>
          {ledger.error && <AlertMessage>{t('points_admin.error_fetch')}</AlertMessage>}
          <Pager query={ledger} />
        </>
      )}
    </AdminSection>
  );
}

function LedgerTable({ lines }: { lines: LedgerLine[] }) {
  const { t } = useTranslation();
  const reasonOf = usePointsReason();
  const { language } = useLanguage();
  const format = useDateFormat();
  const signed = numberFormat(language, { signDisplay: 'always' });

  return (
    <AdminTable
      caption={t('points_admin.ledger.caption')}
      noWrap
      columns={
        <>
          <th scope="col">{t('points_admin.ledger.date')}</th>
          <th scope="col">{t('points_admin.ledger.member')}</th>
          <th scope="col" className={shared.number}>
            {t('points_admin.ledger.points')}
          </th>
          <th scope="col">{t('points_admin.ledger.source')}</th>
          <th scope="col">{t('points_admin.ledger.reason')}</th>
          <th scope="col">{t('points_admin.ledger.granted_by')}</th>
        </>
      }
    >
      {lines.map((line) => (
        <tr key={line._id}>
          <td>{format.dateTime(line.created_at)}</td>
          <th scope="row">{line.member.pseudo}</th>
          <td className={shared.number}>{signed.format(line.points)}</td>
          <td>{t(`points_admin.sources.${line.source}`)}</td>
          <td className={shared.wrap}>
            {reasonOf(line)}
            {line.source === 'attendance' &&
              line.detail &&
              isMark(line.detail) &&
              ` (${t(`points_admin.marks.${line.detail}`)})`}
          </td>
          <td>
            {line.granted_by?.pseudo ??
              (line.source === 'attendance' || line.source === 'membership'
                ? t('points_admin.ledger.by_rules')
                : t('points_admin.ledger.by_nobody'))}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

const MARKS = ['present', 'late', 'excused', 'absent'] as const;
const isMark = (detail: string): detail is (typeof MARKS)[number] =>
  MARKS.some((mark) => mark === detail);
