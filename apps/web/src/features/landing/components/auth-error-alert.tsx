import { AUTH_ERRORS, type AuthError } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlertMessage } from '@/components/ui/status-message';

const isKnownAuthError = (value: string): value is AuthError =>
  AUTH_ERRORS.some((known) => known === value);

/** After a failed Discord sign-in the server sends the visitor back with `?auth_error=<reason>`. */
export function AuthErrorAlert() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('auth_error');
  if (reason === null) return null;

  return (
    <AlertMessage>
      {isKnownAuthError(reason)
        ? t(`landing.auth_errors.${reason}`)
        : // A reason this version does not know still deserves an explanation.
          t('landing.auth_errors.unknown')}
    </AlertMessage>
  );
}
