import { useTranslation } from 'react-i18next';
import { BreakableName } from './breakable-name';
import { CopyButton } from './copy-button';
import styles from './masked-password.module.css';
import { useToast } from './toast';

interface CopyableTextProps {
  text: string;
  /** What the button copies, for screen readers: "Copier le compte de Twitch". */
  label: string;
  /** Said once the text is in the clipboard. */
  copiedMessage: string;
}

/** A text shown as it is, with a button that copies it (an account name in the vault). */
export function CopyableText({ text, label, copiedMessage }: CopyableTextProps) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <span className={styles.masked}>
      <span>
        <BreakableName name={text} />
      </span>
      <CopyButton
        label={label}
        copiedMessage={copiedMessage}
        getText={() => Promise.resolve(text)}
        onError={() => toast.error(t('passwords.copy_text_error'), t('passwords.clipboard_error'))}
      />
    </span>
  );
}
