import type { User } from '@guildhall/contract';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NotProvided } from '@/components/ui/not-provided';
import { RoleBadge } from '../role-badge';
import { MemberBadgesStrip } from './badges';
import { MemberTeams } from './member-teams';
import { Timeline } from './timeline';
import styles from './profile.module.css';

interface ProfileOverviewProps {
  member: User;
  /** Whether the reader may see the member's contact details (the member itself, or an admin). */
  canSeeContact: boolean;
}

/** The profile tab: about, contact, teams and the member's activity. */
export function ProfileOverview({ member, canSeeContact }: ProfileOverviewProps) {
  const { t } = useTranslation();
  const notAvailable = <NotProvided />;

  return (
    <div className={styles.overview}>
      <ProfileCard title={t('users.profile.about')}>
        <dl className={styles.details}>
          <dt>{t('fields.pseudo')}</dt>
          <dd>{member.pseudo}</dd>
          <dt>{t('fields.role')}</dt>
          <dd>
            <RoleBadge role={member.role} />
          </dd>
          <dt>{t('fields.country')}</dt>
          <dd>{member.country ?? notAvailable}</dd>
        </dl>
      </ProfileCard>
      <ProfileCard title={t('users.profile.contact')}>
        <dl className={styles.details}>
          <dt>{t('fields.email')}</dt>
          <dd>
            {/* The server leaves the email out for other readers: say so, rather than a dash. */}
            {canSeeContact ? (member.email ?? notAvailable) : t('users.profile.hidden')}
          </dd>
        </dl>
      </ProfileCard>
      <ProfileCard title={t('users.profile.teams')}>
        <MemberTeams memberId={member._id} />
      </ProfileCard>
      <ProfileCard title={t('users.badges.title')}>
        <MemberBadgesStrip memberId={member._id} />
      </ProfileCard>
      <ProfileCard title={t('users.profile.activity')} wide>
        <Timeline memberId={member._id} />
      </ProfileCard>
    </div>
  );
}

export function ProfileCard({
  title,
  wide = false,
  children,
}: {
  title: string;
  /** Two columns of the overview on a wide screen (the activity). */
  wide?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={`card ${styles.card} ${wide ? styles.wideCard : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
