import type { User } from '@guildhall/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { displayName } from '@/lib/member-name';
import styles from './dashboard.module.css';

/** A member's avatar and name, linking to its profile; `children` add a line below the name. */
export function MemberLink({ member, children }: { member: User; children?: ReactNode }) {
  return (
    <span className={styles.member}>
      <MemberAvatar member={member} />
      <span className={styles.memberText}>
        <Link to={`/users/${member._id}`}>{displayName(member)}</Link>
        {children}
      </span>
    </span>
  );
}
