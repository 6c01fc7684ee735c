import { GAME_LOGIN_FIELDS, LOGIN_GAMES, type User } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { AlertMessage, ErrorMessage, LoadingMessage } from '@/components/ui/status-message';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { useTextsPart } from '@/i18n/i18n';
import { useApiErrorText } from '@/lib/api-error-text';
import { canOnMember } from '@/lib/session/abilities';
import { useSignedInUser } from '@/lib/session/get-session';
import { isUnknownMember, useUser } from '../api/get-user';
import { GameTab } from '../components/profile/game-tab';
import { ProfileHeader } from '../components/profile/profile-header';
import { ProfileOverview } from '../components/profile/profile-overview';
import styles from '../components/profile/profile.module.css';

/** `/users/{id}`: any member's public profile. */
export function UserProfilePage() {
  useTextsPart('profile');
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: member, error, isPending } = useUser(id);
  const describe = useApiErrorText();

  if (isPending) return <LoadingMessage shape="page" />;
  if (error) {
    return (
      <>
        <PageHeader title={t('pages.user_profile.title')} />
        {isUnknownMember(error) ? (
          <AlertMessage>{t('api_errors.user_not_found')}</AlertMessage>
        ) : (
          <ErrorMessage message={describe(error)} />
        )}
        <p>
          <Link to="/dashboard">{t('users.profile.back_to_dashboard')}</Link>
        </p>
      </>
    );
  }
  // A new member starts on its profile tab.
  return <MemberProfile key={member._id} member={member} />;
}

function MemberProfile({ member }: { member: User }) {
  const { t } = useTranslation();
  const reader = useSignedInUser();
  const games = LOGIN_GAMES.filter((game) => member[GAME_LOGIN_FIELDS[game]].length > 0);

  return (
    <div className={styles.page}>
      <ProfileHeader member={member} />
      <Tabs defaultValue="profile">
        <TabList aria-label={t('users.profile.tabs_label')}>
          <Tab value="profile">{t('users.profile.profile_tab')}</Tab>
          {games.map((game) => (
            <Tab key={game} value={game}>
              {t(`games.${game}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel value="profile">
          <ProfileOverview
            member={member}
            canSeeContact={canOnMember(reader, 'read:member-private', member._id)}
          />
        </TabPanel>
        {games.map((game) => (
          <TabPanel key={game} value={game}>
            <GameTab game={game} member={member} />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
