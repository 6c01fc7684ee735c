import type { User } from '@guildhall/contract';
import { UserSearch, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { itemsOf } from '@/lib/paging';
import { useMembershipHistory } from '../../api/get-membership-history';
import { useSyncDiscordMember } from '../../api/sync-discord-member';
import { AdminSection } from '../admin-section';
import shared from '../admin-tab.module.css';
import { MemberPicker } from '../member-picker';
import { HistoryPager, HistoryTable } from './membership-history';
import { SyncButton } from './sync-panel';
import styles from './discord.module.css';

/** One member: read again from Discord now, and the history of that member's access. */
export function MemberAccess() {
  const { t } = useTranslation();
  const [member, setMember] = useState<User | null>(null);

  return (
    <AdminSection
      title={t('admin_settings.discord.member.title')}
      description={t('admin_settings.discord.member.description')}
    >
      {member ? (
        <ChosenMember key={member._id} member={member} onClear={() => setMember(null)} />
      ) : (
        <MemberPicker
          label={t('admin_settings.discord.member.search_label')}
          hint={t('admin_settings.discord.member.search_hint')}
          pickLabel={(found) => t('admin_settings.discord.member.pick', { pseudo: found.pseudo })}
          icon={<UserSearch size={18} aria-hidden="true" />}
          onPick={setMember}
        />
      )}
    </AdminSection>
  );
}

function ChosenMember({ member, onClear }: { member: User; onClear: () => void }) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const sync = useSyncDiscordMember(member._id);
  const history = useMembershipHistory(member._id);

  return (
    <>
      <div className={styles.inline}>
        <p className={styles.report}>
          {member.discord_tag
            ? t('admin_settings.discord.member.account', {
                pseudo: member.pseudo,
                tag: member.discord_tag,
              })
            : t('admin_settings.discord.member.no_account', { pseudo: member.pseudo })}
        </p>
        {member.discord_tag && (
          <SyncButton
            sync={sync}
            label={t('admin_settings.discord.member.sync', { pseudo: member.pseudo })}
          />
        )}
        <button type="button" className="button" onClick={onClear}>
          <X size={18} aria-hidden="true" />
          {t('admin_settings.discord.member.other')}
        </button>
        <div role="status" className={styles.inlineStatus}>
          {sync.isSuccess && (
            <p>
              {sync.data.left > 0
                ? t('admin_settings.discord.member.left', { pseudo: member.pseudo })
                : sync.data.changed > 0
                  ? t('admin_settings.discord.member.changed', { pseudo: member.pseudo })
                  : t('admin_settings.discord.member.unchanged', { pseudo: member.pseudo })}
            </p>
          )}
        </div>
      </div>
      {sync.isError && (
        <AlertMessage>
          {t('admin_settings.discord.sync.failed')} {describe(sync.error)}
        </AlertMessage>
      )}
      {history.error && !history.data ? (
        <AlertMessage>{t('admin_settings.discord.history.load_error')}</AlertMessage>
      ) : history.isPending ? (
        <LoadingMessage shape="table" />
      ) : history.data.pages[0]?.items.length === 0 ? (
        <p className={shared.placeholder}>
          {t('admin_settings.discord.member.no_history', { pseudo: member.pseudo })}
        </p>
      ) : (
        <>
          <HistoryTable
            events={itemsOf(history.data)}
            caption={t('admin_settings.discord.member.caption', { pseudo: member.pseudo })}
          />
          <HistoryPager history={history} />
        </>
      )}
    </>
  );
}
