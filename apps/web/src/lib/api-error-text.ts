import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/** Failures the interface can explain in the reader's language; others keep the server's words. */
const TRANSLATED_CODES = [
  'pseudo_taken',
  'pseudo_look_alike',
  'last_admin',
  'user_not_found',
  'forbidden',
  'rate_limited',
  'network_unreachable',
] as const;
type TranslatedCode = (typeof TRANSLATED_CODES)[number];

const isTranslated = (code: string): code is TranslatedCode =>
  TRANSLATED_CODES.some((known) => known === code);

/** Says why a request failed, in the current language when we know the reason. */
export function useApiErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && isTranslated(error.code)) {
        return t(`api_errors.${error.code}`);
      }
      return error instanceof Error ? error.message : String(error);
    },
    [t],
  );
}

/** Whether `error` is the API's answer with `code`. */
export function isApiError(error: unknown, code: ApiError['code']): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** Whether the server refused a pseudo another member holds or imitates. */
export const isPseudoRefused = (error: unknown): error is ApiError =>
  isApiError(error, 'pseudo_taken') || isApiError(error, 'pseudo_look_alike');
