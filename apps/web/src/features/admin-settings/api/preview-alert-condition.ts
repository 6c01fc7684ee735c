import { type AlertPreview } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/alerts/preview (admins): whether a condition parses and, if it does, how many members
 * it matches right now. It changes nothing: a read, though sent as a POST.
 */
export function previewAlertCondition(
  condition: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AlertPreview> {
  return apiRequest('/api/alerts/preview', {
    method: 'POST',
    body: { condition },
    schema: 'alertPreviewSchema',
    signal,
  });
}

/** The preview of `condition`; nothing is asked while it is empty. */
export function useAlertConditionPreview(condition: string) {
  return useQuery({
    queryKey: ['alerts', 'preview', condition] as const,
    queryFn: ({ signal }) => previewAlertCondition(condition, { signal }),
    enabled: condition.trim() !== '',
    // "Right now": a count a few seconds old is fine, one from minutes ago is not.
    staleTime: 5_000,
  });
}
