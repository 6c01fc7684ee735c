import type { JobName } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useDateFormat } from '@/lib/format-date';
import { can } from '@/lib/session/abilities';
import { useSignedInUser } from '@/lib/session/get-session';
import { useJobs } from '../../api/get-jobs';
import styles from './discord.module.css';

const JOB: JobName = 'discord-sync';

/**
 * The Discord sync as a background job of the server (decision 059): whether this server runs
 * it on its schedule, whether it runs now, and a failure of the job itself. When the guild was
 * last read and will be next is the sync's own state, shown just above: not said twice. Nothing
 * for a member who may not read the jobs.
 */
export function SyncJobState() {
  const user = useSignedInUser();
  const allowed = can(user, 'read:jobs');
  const jobs = useJobs({ enabled: allowed });
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const format = useDateFormat();
  if (!allowed) return null;
  if (jobs.error) {
    return (
      <AlertMessage>
        {t('admin_settings.discord.job.load_error')} {describe(jobs.error)}
      </AlertMessage>
    );
  }
  const job = jobs.data?.jobs.find((candidate) => candidate.name === JOB);
  if (!job) return null;
  const at = (iso: string) => format.dateTime(iso) ?? t('common.unknown_date');
  const lines = [
    job.enabled
      ? t('admin_settings.discord.job.enabled')
      : t('admin_settings.discord.job.disabled'),
    ...(job.running ? [t('admin_settings.discord.job.running')] : []),
    ...(job.last_failure
      ? [
          t('admin_settings.discord.job.last_failure', {
            at: at(job.last_failure.at),
            code: job.last_failure.code,
          }),
        ]
      : []),
  ];
  return (
    <section aria-label={t('admin_settings.discord.job.title')}>
      <ul className={styles.facts}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
