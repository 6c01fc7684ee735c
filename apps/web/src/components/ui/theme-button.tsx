import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useColorScheme } from '@/lib/theme/color-scheme';
import { useSaveThemePreference } from '@/lib/theme/save-theme-preference';

/**
 * Switches between the light and the dark look. It names the look it switches to; the choice is
 * remembered (the account menu also offers to follow the device's setting again).
 */
export function ThemeButton() {
  const { t } = useTranslation();
  const { scheme } = useColorScheme();
  const save = useSaveThemePreference();
  const target = scheme === 'dark' ? 'light' : 'dark';

  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t(`header.theme.switch_to_${target}`)}
      onClick={() => save(target)}
    >
      {target === 'dark' ? <Moon size={20} aria-hidden /> : <Sun size={20} aria-hidden />}
    </button>
  );
}
