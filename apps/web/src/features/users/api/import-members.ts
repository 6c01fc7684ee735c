import { type MemberImportReport, memberImportRefusalSchema } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error-text';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/**
 * POST /api/users/import (admins): the file as text/csv, whatever type the system gave it
 * (Windows calls a .csv `application/vnd.ms-excel`). A dry run unless `dryRun` is false.
 */
export function importMembers({
  file,
  dryRun,
}: {
  file: Blob;
  dryRun: boolean;
}): Promise<MemberImportReport> {
  return apiRequest(`/api/users/import?dry_run=${dryRun}`, {
    method: 'POST',
    body: new Blob([file], { type: 'text/csv' }),
    schema: 'memberImportReportSchema',
  });
}

/** The report of a refused file (400 import_refused); undefined for any other failure. */
export function refusedImportReport(error: unknown): MemberImportReport | undefined {
  if (!isApiError(error, 'import_refused')) return undefined;
  const refusal = memberImportRefusalSchema.safeParse(error.answer);
  return refusal.success ? refusal.data.report : undefined;
}

export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importMembers,
    onSuccess: (report) => {
      if (report.written) void queryClient.invalidateQueries({ queryKey: usersQueryKeys.lists() });
    },
  });
}

/** GET /api/users/export.csv (admins): a link, so that the browser downloads it as a file. */
export const MEMBERS_EXPORT_URL = '/api/users/export.csv';
