import type { User } from '@guildhall/contract';
import { Avatar } from 'radix-ui';
import { initials } from '@/lib/member-name';
import styles from './member-avatar.module.css';

/** As many tones as member-avatar.module.css defines. */
const TONE_COUNT = 8;

/** The same member always gets the same tone, on every screen and every visit. */
function toneOf(id: string): number {
  let hash = 0;
  for (const character of id) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return hash % TONE_COUNT;
}

interface MemberAvatarProps {
  member: Pick<User, '_id' | 'pseudo' | 'name' | 'surname' | 'discord_avatar_url'>;
  size?: 'small' | 'medium' | 'large';
}

/**
 * The member's picture, or their initials on a coloured circle when there is none or it fails to
 * load. Decorative: whatever holds it names the member.
 */
export function MemberAvatar({ member, size = 'small' }: MemberAvatarProps) {
  return (
    <Avatar.Root className={styles.avatar} data-size={size}>
      {member.discord_avatar_url && (
        <Avatar.Image className={styles.image} src={member.discord_avatar_url} alt="" />
      )}
      <Avatar.Fallback className={styles.initials} data-tone={toneOf(member._id)} aria-hidden>
        {initials(member)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
