import { useTranslation } from 'react-i18next';
import { otherLanguage } from '@/i18n/language';
import { useLanguage } from '@/i18n/use-language';
import { FlagIcon } from './flag-icon';

/** Shows the flag of the other language and switches to it; the choice outlives the visit. */
export function LanguageButton() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  const target = otherLanguage(language);

  return (
    <button
      type="button"
      className="icon-button"
      // Written in the current language, it names the language the button switches to.
      aria-label={t('header.switch_language')}
      onClick={() => void changeLanguage(target)}
    >
      <FlagIcon language={target} />
    </button>
  );
}
