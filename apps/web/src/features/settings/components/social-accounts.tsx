import type { LinkProvider, SessionUser } from '@guildhall/contract';
import { AtSign, MessageCircle, MonitorPlay, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useAuthMethods } from '@/lib/auth/get-auth-methods';
import { useUpdateOwnConnections } from '../api/update-own-connections';
import styles from './connections.module.css';

type SocialProvider = LinkProvider | 'discord';

const ICONS: Record<SocialProvider, LucideIcon> = {
  twitter: AtSign,
  twitch: MonitorPlay,
  discord: MessageCircle,
};

/** Twitter and Twitch, which the member links and unlinks, then Discord, its way of signing in. */
export function SocialAccounts({ user }: { user: SessionUser }) {
  return (
    <ul className={styles.socialList}>
      <SocialAccount provider="twitter" login={user.twitter_login} user={user} />
      <SocialAccount provider="twitch" login={user.twitch_login} user={user} />
      <SocialAccount provider="discord" login={user.discord_tag} user={user} />
    </ul>
  );
}

interface SocialAccountProps {
  provider: SocialProvider;
  login: string | null;
  user: SessionUser;
}

function SocialAccount({ provider, login, user }: SocialAccountProps) {
  const { t } = useTranslation();
  const Icon = ICONS[provider];

  return (
    <li className={`card ${styles.social}`}>
      <Icon className={styles.socialIcon} size={24} />
      <div className={styles.socialText}>
        <span className={styles.socialName}>{t(`providers.${provider}`)}</span>
        <span>{login ?? t('settings.connections.not_connected')}</span>
        {provider === 'discord' && (
          <span className={styles.socialNote}>{t('settings.connections.discord_note')}</span>
        )}
      </div>
      {provider !== 'discord' &&
        (login ? (
          <DisconnectButton provider={provider} user={user} />
        ) : (
          <ConnectLink provider={provider} />
        ))}
    </li>
  );
}

/** Leaves the application for the provider, which sends the member back to the connections tab. */
function ConnectLink({ provider }: { provider: LinkProvider }) {
  const { t } = useTranslation();
  const { data: methods, isPending } = useAuthMethods();
  const noteId = useId();
  const providerName = t(`providers.${provider}`);
  const label = t('settings.connections.connect');
  // The visible word, then which account: the same words as the row, read on their own.
  const name = `${label} ${providerName}`;

  // If the server could not say, offering the link costs nothing: the server explains a refusal.
  const isUnavailable = methods?.[provider] === false;
  if (isPending || isUnavailable) {
    return (
      <div className={styles.socialAction}>
        <button
          type="button"
          className="button button-small"
          disabled
          aria-label={name}
          aria-describedby={isUnavailable ? noteId : undefined}
        >
          {label}
        </button>
        {isUnavailable && (
          <p id={noteId} className={styles.socialNote}>
            {t('settings.connections.unavailable', { provider: providerName })}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className={styles.socialAction}>
      <a
        className="button button-small button-primary"
        href={`/auth/${provider}`}
        aria-label={name}
      >
        {label}
      </a>
    </div>
  );
}

function DisconnectButton({ provider, user }: { provider: LinkProvider; user: SessionUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const update = useUpdateOwnConnections();
  const providerName = t(`providers.${provider}`);

  function disconnect() {
    const body = provider === 'twitch' ? { twitch_login: null } : { twitter_login: null };
    update.mutate(
      { id: user._id, body },
      {
        onSuccess: () => toast.success(t('settings.profile_updated_success')),
        onError: (error) =>
          toast.error(
            t('settings.profile_update_error', { platform: providerName }),
            describe(error),
          ),
      },
    );
  }

  return (
    <div className={styles.socialAction}>
      <ConfirmDialog
        title={t('settings.connections.disconnect_confirm', { provider: providerName })}
        description={t('settings.connections.disconnect_description', { provider: providerName })}
        confirmLabel={t('settings.connections.disconnect')}
        onConfirm={disconnect}
      >
        <button
          type="button"
          className="button button-small"
          disabled={update.isPending}
          aria-label={`${t('settings.connections.disconnect')} ${providerName}`}
        >
          {t('settings.connections.disconnect')}
        </button>
      </ConfirmDialog>
    </div>
  );
}
