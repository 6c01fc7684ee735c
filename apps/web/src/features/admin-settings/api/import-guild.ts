import { type DiscordImportReport } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterDiscordMembersChange } from './save-discord-cache';

/** POST /api/discord/import: the guild's members made invited members, or a dry run of it. */
export function importGuild(dryRun: boolean): Promise<DiscordImportReport> {
  return apiRequest('/api/discord/import', {
    method: 'POST',
    body: { dry_run: dryRun },
    schema: 'discordImportReportSchema',
  });
}

export function useImportGuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importGuild,
    onSuccess: (report) => {
      if (!report.dry_run) refreshAfterDiscordMembersChange(queryClient);
    },
  });
}
