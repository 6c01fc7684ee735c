import type { JobList } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const jobsQueryKey = ['jobs'] as const;

/** GET /api/jobs (admins): every background job, its last run, last failure and next run. */
export function getJobs({ signal }: { signal?: AbortSignal } = {}): Promise<JobList> {
  return apiRequest('/api/jobs', { schema: 'jobListSchema', signal });
}

export function useJobs({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: jobsQueryKey, queryFn: getJobs, enabled, staleTime: 0 });
}
