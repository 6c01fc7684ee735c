import { type SessionUser, THEME_PREFERENCES, type ThemePreference } from '@guildhall/contract';
import { Check, LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { displayName } from '@/lib/member-name';
import { useSignOut } from '@/lib/session/sign-out';
import { useColorScheme } from '@/lib/theme/color-scheme';
import { useSaveThemePreference } from '@/lib/theme/save-theme-preference';
import headerStyles from './header.module.css';
import styles from './user-menu.module.css';

/** The member's avatar; it opens who is signed in and the way out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const { preference } = useColorScheme();
  const saveTheme = useSaveThemePreference();

  return (
    // Not modal: the rest of the page stays usable, and an outside click simply closes the menu.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={`icon-button ${headerStyles.avatarButton}`}
        aria-label={t('header.account_menu')}
      >
        <MemberAvatar member={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={8}>
          <DropdownMenu.Label className={styles.identity}>
            <span className={styles.name}>{displayName(user)}</span>
            <span className={styles.email}>{user.email ?? t('header.no_email')}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Label className={styles.groupLabel}>
            {t('header.theme.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={preference}
            onValueChange={(value) => saveTheme(value as ThemePreference)}
          >
            {THEME_PREFERENCES.map((choice) => (
              <DropdownMenu.RadioItem key={choice} value={choice} className={styles.item}>
                <span className={styles.check}>
                  <DropdownMenu.ItemIndicator>
                    <Check size={16} />
                  </DropdownMenu.ItemIndicator>
                </span>
                {t(`header.theme.${choice}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item
            className={styles.item}
            disabled={signOut.isPending}
            onSelect={() => signOut.mutate()}
          >
            <LogOut size={18} />
            {t('header.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
