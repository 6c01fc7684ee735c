import {
  type LocalSignInBody,
  localSignInBodySchema,
  PSEUDO_MAX_LENGTH,
  PSEUDO_MIN_LENGTH,
} from '@guildhall/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { ApiError } from '@/lib/api-client';
import { isApiError, isPseudoRefused, useApiErrorText } from '@/lib/api-error-text';
import { type ProblemKeys, useContractForm } from '@/lib/contract-form';
import { useSignInLocally } from '../api/sign-in-locally';
import styles from './sign-in-panel.module.css';

const LENGTHS = { min: PSEUDO_MIN_LENGTH, max: PSEUDO_MAX_LENGTH };

/** A pseudo left blank is told its lengths; one filled in wrong, its lengths and characters. */
const PROBLEMS: ProblemKeys = {
  pseudo: { empty: 'landing.sign_in.pseudo_invalid', invalid: 'forms.problems.pseudo' },
};

/**
 * Sign-in by pseudo, which servers offer in local mode (development, demos), checked against the
 * contract's body of `POST /auth/local` before it is sent (decisions 021 and 062). Its
 * own chunk: the landing page loads it, and the forms' library, only when the server offers it.
 */
export function LocalSignInForm() {
  const { t } = useTranslation();
  const signIn = useSignInLocally();
  const describe = useApiErrorText();
  const form = useContractForm<{ pseudo: string }, LocalSignInBody>({
    schema: localSignInBodySchema,
    defaultValues: { pseudo: '' },
    toBody: (values) => ({ pseudo: values.pseudo.trim() }),
    problems: PROBLEMS,
    problemParams: LENGTHS,
  });
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  /**
   * What the form says on the field of a pseudo the server refused (taken, imitated, or not to its
   * rules): a server that is down or busy refuses no pseudo.
   */
  const refusalOf = (error: unknown): string | undefined =>
    isApiError(error, 'validation_failed')
      ? t('forms.problems.pseudo', LENGTHS)
      : isPseudoRefused(error) || (error instanceof ApiError && error.status === 400)
        ? describe(error)
        : undefined;

  const handleSubmit = form.submit((body) => {
    if (signIn.isPending) return;
    signIn.mutate(body, {
      onError: (error) => form.showServerIssues(error, { pseudo: refusalOf(error) }),
    });
  });

  const { onChange, error: problem, ...pseudoField } = form.field('pseudo');
  // Why signing in failed when no pseudo was refused, said in the same place.
  const failure = problem === undefined && signIn.error ? describe(signIn.error) : undefined;
  const message = problem ?? failure;

  return (
    // Our own messages replace the browser's, which would not follow the chosen language.
    <form className={styles.form} noValidate onSubmit={handleSubmit}>
      <label className={styles.label} htmlFor={inputId}>
        {t('landing.sign_in.pseudo_label')}
      </label>
      <input
        {...pseudoField}
        id={inputId}
        className={styles.input}
        type="text"
        autoComplete="username"
        required
        maxLength={PSEUDO_MAX_LENGTH}
        onChange={(event) => {
          // An error about what was typed before would only confuse once the text changes.
          if (signIn.isError) signIn.reset();
          return onChange(event);
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={message ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} className={styles.hint}>
        {t('landing.sign_in.pseudo_hint', LENGTHS)}
      </p>
      {message && <AlertMessage id={errorId}>{message}</AlertMessage>}
      <button type="submit" className="button button-primary">
        {signIn.isPending ? t('landing.sign_in.submitting') : t('landing.sign_in.submit')}
      </button>
    </form>
  );
}
