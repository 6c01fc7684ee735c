import type { MembershipEvent } from '@guildhall/contract';
import type { TFunction } from 'i18next';

import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/ui/pager';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useDateFormat } from '@/lib/format-date';
import { itemsOf } from '@/lib/paging';
import { useMembershipHistory } from '../../api/get-membership-history';
import { AdminSection } from '../admin-section';
import shared from '../admin-tab.module.css';
import { AdminTable } from '../admin-table';
import styles from './discord.module.css';

const PORTAL_ROLES = ['admin', 'user', 'guest', 'invited'] as const;
const isPortalRole = (value: string): value is (typeof PORTAL_ROLES)[number] =>
  PORTAL_ROLES.some((role) => role === value);

/** A change of access as a sentence: who, what, and the role or team role it was about. */
export function eventText(t: TFunction, event: MembershipEvent): string {
  const { pseudo, detail } = event;
  switch (event.kind) {
    case 'role_granted':
    case 'role_removed':
      return t(`admin_settings.discord.history.kinds.${event.kind}`, {
        pseudo,
        role:
          detail === null
            ? t('admin_settings.discord.history.unknown_role')
            : isPortalRole(detail)
              ? t(`roles.${detail}`)
              : detail,
      });
    case 'team_role_granted':
    case 'team_role_removed':
      return t(`admin_settings.discord.history.kinds.${event.kind}`, {
        pseudo,
        teamRole: detail ?? t('admin_settings.discord.history.unknown_team_role'),
      });
    case 'left_discord':
    case 'sessions_ended':
    case 'adhesion_granted':
    case 'adhesion_removed':
      return t(`admin_settings.discord.history.kinds.${event.kind}`, { pseudo });
    case 'imported':
      return t('admin_settings.discord.history.kinds.imported', { pseudo, tag: detail ?? '' });
  }
}

/** Newest first, as the server sends them; sorted again so that no answer can mislead. */
const newestFirst = (events: MembershipEvent[]) =>
  [...events].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));

/** Every grant, removal and departure, by the Discord sync or by an admin. */
export function MembershipHistory() {
  const { t } = useTranslation();
  const history = useMembershipHistory();
  const events = itemsOf(history.data);

  return (
    <AdminSection
      title={t('admin_settings.discord.history.title')}
      description={t('admin_settings.discord.history.description')}
    >
      {history.error && !history.data ? (
        <AlertMessage>{t('admin_settings.discord.history.load_error')}</AlertMessage>
      ) : history.isPending ? (
        <LoadingMessage shape="table" />
      ) : events.length === 0 ? (
        <p className={shared.placeholder}>{t('admin_settings.discord.history.empty')}</p>
      ) : (
        <>
          <HistoryTable events={events} />
          <HistoryPager history={history} />
        </>
      )}
    </AdminSection>
  );
}

/** The next page of a history, or why it could not be read. */
export function HistoryPager({ history }: { history: ReturnType<typeof useMembershipHistory> }) {
  const { t } = useTranslation();
  return (
    <>
      {history.isFetchNextPageError && (
        <AlertMessage>{t('admin_settings.discord.history.load_error')}</AlertMessage>
      )}
      <Pager query={history} />
    </>
  );
}

/** The changes, newest first: when, what, and whether Discord or an admin made it. */
export function HistoryTable({ events, caption }: { events: MembershipEvent[]; caption?: string }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <AdminTable
      caption={caption ?? t('admin_settings.discord.history.caption')}
      columns={
        <>
          <th scope="col">{t('admin_settings.discord.history.columns.at')}</th>
          <th scope="col">{t('admin_settings.discord.history.columns.change')}</th>
          <th scope="col">{t('admin_settings.discord.history.columns.source')}</th>
        </>
      }
    >
      {newestFirst(events).map((event) => (
        <tr key={event._id}>
          <td className={styles.nowrap}>
            <time dateTime={event.created_at}>
              {format.dateTime(event.created_at) ?? t('common.unknown_date')}
            </time>
          </td>
          <td>{eventText(t, event)}</td>
          <td className={styles.nowrap}>
            {t(`admin_settings.discord.history.sources.${event.source}`)}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
