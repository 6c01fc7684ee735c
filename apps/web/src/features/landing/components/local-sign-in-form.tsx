import { PSEUDO_MAX_LENGTH, PSEUDO_MIN_LENGTH } from '@guildhall/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { ApiError } from '@/lib/api-client';
import {
  isApiError,
  isPseudoRefused as isTakenOrImitated,
  useApiErrorText,
} from '@/lib/api-error-text';
import { useSignInLocally } from '../api/sign-in-locally';
import styles from './sign-in-panel.module.css';

/**
 * Sign-in by pseudo, which servers offer in local mode (development, demos). The length is checked
 * here to answer at once and in the reader's language; the server checks everything again.
 */
export function LocalSignInForm() {
  const { t } = useTranslation();
  const signIn = useSignInLocally();
  const describe = useApiErrorText();
  const [pseudo, setPseudo] = useState('');
  const [isTooShortOrLong, setIsTooShortOrLong] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const lengths = { min: PSEUDO_MIN_LENGTH, max: PSEUDO_MAX_LENGTH };
  // The server refuses a pseudo for what the hint says (length, control characters).
  const error = isTooShortOrLong
    ? t('landing.sign_in.pseudo_invalid', lengths)
    : isApiError(signIn.error, 'validation_failed')
      ? t('forms.problems.pseudo', lengths)
      : signIn.error && describe(signIn.error);
  // Only a refused pseudo makes the field invalid; a server that is down or busy does not.
  const isPseudoRefused =
    isTooShortOrLong ||
    isTakenOrImitated(signIn.error) ||
    (signIn.error instanceof ApiError && signIn.error.status === 400);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    const trimmed = pseudo.trim();
    const fits = trimmed.length >= PSEUDO_MIN_LENGTH && trimmed.length <= PSEUDO_MAX_LENGTH;
    setIsTooShortOrLong(!fits);
    if (fits) signIn.mutate({ pseudo: trimmed });
  }

  function handleChange(value: string) {
    setPseudo(value);
    // An error about what was typed before would only confuse once the text changes.
    setIsTooShortOrLong(false);
    signIn.reset();
  }

  return (
    // Our own messages replace the browser's, which would not follow the chosen language.
    <form className={styles.form} noValidate onSubmit={handleSubmit}>
      <label className={styles.label} htmlFor={inputId}>
        {t('landing.sign_in.pseudo_label')}
      </label>
      <input
        id={inputId}
        className={styles.input}
        name="pseudo"
        type="text"
        autoComplete="username"
        required
        maxLength={PSEUDO_MAX_LENGTH}
        value={pseudo}
        onChange={(event) => handleChange(event.target.value)}
        aria-invalid={isPseudoRefused || undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} className={styles.hint}>
        {t('landing.sign_in.pseudo_hint', lengths)}
      </p>
      {error && <AlertMessage id={errorId}>{error}</AlertMessage>}
      <button type="submit" className="button button-primary">
        {signIn.isPending ? t('landing.sign_in.submitting') : t('landing.sign_in.submit')}
      </button>
    </form>
  );
}
