import type { ErrorParams, IssueParams } from '@guildhall/contract';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/i18n/language';
import { ApiError, type ApiErrorIssue } from './api-client';
import { conditionProblemText } from './condition-problem-text';
import { numberFormat } from '@/lib/intl-formats';

/** A list as the reader's language joins alternatives (`JPG ou PNG`, `JPG or PNG`). */
function alternatives(language: string, items: readonly string[]): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(items);
}

/** `image/png` as a reader knows it: `PNG`; `image/jpeg`: `JPG`. */
const typeName = (type: string) =>
  type === 'image/jpeg' ? 'JPG' : (type.split('/').pop() ?? type).toUpperCase();

/** A size in bytes as the reader's language writes it (`2 Mo`, `2 MB`). */
function sizeText(language: string, bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1
    ? numberFormat(language, {
        style: 'unit',
        unit: 'megabyte',
        maximumFractionDigits: 1,
      }).format(megabytes)
    : numberFormat(language, {
        style: 'unit',
        unit: 'kilobyte',
        maximumFractionDigits: 0,
      }).format(bytes / 1024);
}

/** The text of an answer's code with its parameters, when they say more than the code alone. */
function describedByParams(
  t: TFunction,
  language: string,
  error: ApiError,
  params: ErrorParams,
): string | undefined {
  if (error.code === 'invalid_condition' && params.condition) {
    return t('api_errors.invalid_condition', {
      reason: conditionProblemText(t, params.condition),
      position: params.condition.position + 1,
    });
  }
  if (error.code === 'invalid_image' && params.image) {
    return t(`api_errors.image.${params.image}`, { max: params.max_side ?? '' });
  }
  if (error.code === 'unsupported_media_type' && params.accepted_types) {
    return t('api_errors.unsupported_file_type', {
      types: alternatives(language, params.accepted_types.map(typeName)),
    });
  }
  if (error.code === 'payload_too_large' && params.max_bytes !== undefined) {
    return t('api_errors.file_too_large', { size: sizeText(language, params.max_bytes) });
  }
  return undefined;
}

/**
 * Why a request failed, in the reader's language: every code the API or the client can give has
 * its text, with the values the answer carries. The API's English `message` is never shown.
 */
export function apiErrorText(t: TFunction, language: string, error: unknown): string {
  if (!(error instanceof ApiError)) return t('api_errors.internal_error');
  const byParams = error.params && describedByParams(t, language, error, error.params);
  if (byParams) return byParams;
  if (error.code === 'invalid_condition') return t('api_errors.validation_failed');
  return t(`api_errors.${error.code}`, { status: error.status });
}

/** Says why a request failed, in the current language. */
export function useApiErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
  return useCallback((error: unknown) => apiErrorText(t, language, error), [t, language]);
}

const origin = (params: IssueParams) => params.origin ?? '';

/**
 * What a 400's issue says about one field, in the reader's language, from its code and values;
 * undefined when the code says nothing more precise than "invalid" (the form has its own words).
 */
export function issueText(t: TFunction, issue: ApiErrorIssue): string | undefined {
  const params = issue.params ?? {};
  switch (issue.code) {
    case 'required':
      return t('forms.problems.required');
    case 'too_big':
      if (params.maximum === undefined) return undefined;
      return origin(params) === 'string'
        ? t('forms.issues.too_long', { max: params.maximum })
        : ['array', 'set'].includes(origin(params))
          ? t('forms.issues.too_many', { max: params.maximum })
          : t('forms.issues.too_big', { max: params.maximum });
    case 'too_small':
      if (params.minimum === undefined) return undefined;
      if (origin(params) === 'string') {
        return params.minimum <= 1
          ? t('forms.problems.required')
          : t('forms.issues.too_short', { min: params.minimum });
      }
      return ['array', 'set'].includes(origin(params))
        ? t('forms.issues.too_few', { min: params.minimum })
        : t('forms.issues.too_small', { min: params.minimum });
    case 'invalid_format':
      return params.format === 'url'
        ? t('forms.issues.url')
        : params.format === 'email'
          ? t('forms.issues.email')
          : t('forms.issues.format');
    case 'invalid_value':
      return t('forms.issues.one_of');
    case 'unknown_reference':
      return t('forms.issues.unknown_reference');
    case 'riot_id_not_found':
      return t('api_errors.riot_id_not_found');
    case 'riot_id_taken':
      return t('api_errors.riot_id_taken');
    case 'empty_markup':
      return t('forms.issues.empty_markup');
    case 'capacity_below_going':
      return t('forms.issues.capacity_below_going');
    case 'invalid_recurrence':
      // The events' part of the texts: only the event form sends a recurrence.
      return params.recurrence
        ? t(`events.recurrence_problems.${params.recurrence}`)
        : t('events.recurrence_problems.invalid_rule');
    case 'invalid_condition':
      return params.condition
        ? t('api_errors.invalid_condition', {
            reason: conditionProblemText(t, params.condition),
            position: params.condition.position + 1,
          })
        : undefined;
    default:
      return undefined;
  }
}

/** Whether `error` is the API's answer with `code`. */
export function isApiError(error: unknown, code: ApiError['code']): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** Whether the server refused a pseudo another member holds or imitates. */
export const isPseudoRefused = (error: unknown): error is ApiError =>
  isApiError(error, 'pseudo_taken') || isApiError(error, 'pseudo_look_alike');
