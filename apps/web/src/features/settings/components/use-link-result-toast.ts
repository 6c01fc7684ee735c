import {
  LINK_ERRORS,
  LINK_PROVIDERS,
  type LinkError,
  type LinkProvider,
} from '@guildhall/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '@/components/ui/toast';

const isLinkProvider = (value: string | null): value is LinkProvider =>
  LINK_PROVIDERS.some((provider) => provider === value);
const isLinkError = (value: string): value is LinkError =>
  LINK_ERRORS.some((known) => known === value);

/** The query string a linking attempt comes back with; the tab stays. */
const RESULT_PARAMS = ['linked', 'link_error', 'provider'];

/**
 * After linking Twitch or Twitter, the server sends the member back with `?linked=<provider>` or
 * `?link_error=<reason>&provider=<provider>`. The outcome shows once as a toast, and the query
 * string is cleaned so that a reload does not show it again.
 */
export function useLinkResultToast(): void {
  const { t } = useTranslation();
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get('linked');
  const linkError = searchParams.get('link_error');
  const provider = searchParams.get('provider');
  // React may run an effect twice for one change (StrictMode): one toast per outcome.
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (linked === null && linkError === null) return;
    const outcome = `${linked}|${linkError}|${provider}`;
    if (shown.current === outcome) return;
    shown.current = outcome;

    if (linked !== null) {
      if (isLinkProvider(linked)) {
        toast.success(t('settings.link_success', { platform: t(`providers.${linked}`) }));
      }
    } else if (linkError !== null) {
      if (!isLinkProvider(provider)) toast.error(t('settings.link_errors.generic'));
      else {
        const reason = isLinkError(linkError) ? linkError : 'unknown';
        toast.error(t(`settings.link_errors.${reason}`, { provider: t(`providers.${provider}`) }));
      }
    }
    setSearchParams(
      (current) => {
        const cleaned = new URLSearchParams(current);
        for (const name of RESULT_PARAMS) cleaned.delete(name);
        return cleaned;
      },
      { replace: true },
    );
  }, [linked, linkError, provider, setSearchParams, t, toast]);
}
