import type { DiscordImportReport } from '@guildhall/contract';
import { UserPlus } from 'lucide-react';

import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useImportGuild } from '../../api/import-guild';
import { AdminSection } from '../admin-section';
import shared from '../admin-tab.module.css';
import { AdminTable } from '../admin-table';
import styles from './discord.module.css';

/**
 * Importing the guild's members as invited members: first what the import would do (a dry
 * run, nothing written), then the import itself, which creates exactly what was shown unless
 * the guild changed in between (its report says what it did).
 */
export function ImportPanel() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const importGuild = useImportGuild();
  const report = importGuild.data;
  const preview = report?.dry_run ? report : undefined;

  const run = (dryRun: boolean) => {
    if (!importGuild.isPending) importGuild.mutate(dryRun);
  };

  return (
    <AdminSection
      title={t('admin_settings.discord.import.title')}
      description={t('admin_settings.discord.import.description')}
    >
      <div className={styles.inline}>
        <button
          type="button"
          className="button"
          aria-disabled={importGuild.isPending}
          onClick={() => run(true)}
        >
          {importGuild.isPending && importGuild.variables
            ? t('admin_settings.discord.import.previewing')
            : t('admin_settings.discord.import.preview')}
        </button>
        {preview && preview.created > 0 && (
          <button
            type="button"
            className="button button-primary"
            aria-disabled={importGuild.isPending}
            onClick={() => run(false)}
          >
            <UserPlus size={18} aria-hidden="true" />
            {t('admin_settings.discord.import.confirm', { count: preview.created })}
          </button>
        )}
      </div>

      <div role="status">
        {report && (
          <p className={styles.report}>
            {t(
              report.dry_run
                ? 'admin_settings.discord.import.would'
                : 'admin_settings.discord.import.done',
              {
                count: report.created,
                inGuild: report.in_guild,
                already: report.already_members,
                bots: report.bots,
              },
            )}
          </p>
        )}
      </div>
      {importGuild.isError && (
        <AlertMessage>
          {t('admin_settings.discord.import.failed')} {describe(importGuild.error)}
        </AlertMessage>
      )}
      {report && report.members.length > 0 && <NewMembers report={report} />}
    </AdminSection>
  );
}

/** Who the import creates (or created): pseudo and Discord name, the first hundred. */
function NewMembers({ report }: { report: DiscordImportReport }) {
  const { t } = useTranslation();
  return (
    <>
      <AdminTable
        caption={t(
          report.dry_run
            ? 'admin_settings.discord.import.caption_preview'
            : 'admin_settings.discord.import.caption_done',
        )}
        columns={
          <>
            <th scope="col">{t('admin_settings.discord.import.columns.pseudo')}</th>
            <th scope="col">{t('admin_settings.discord.import.columns.discord')}</th>
          </>
        }
      >
        {report.members.map((member) => (
          <tr key={member.discord_id}>
            <th scope="row">{member.pseudo}</th>
            <td>{member.discord_tag}</td>
          </tr>
        ))}
      </AdminTable>
      {report.created > report.members.length && (
        <p className={shared.note}>
          {t('admin_settings.discord.import.more', {
            count: report.created - report.members.length,
          })}
        </p>
      )}
    </>
  );
}
