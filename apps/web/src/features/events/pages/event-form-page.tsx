import { DEFAULT_TIME_ZONE, type Event } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { useTextsPart } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error-text';
import { teamsManagedBy } from '@/lib/events/event-managers';
import { useEvent } from '@/lib/events/get-event';
import { useOrganization } from '@/lib/organization/get-organization';
import { useSignedInUser } from '@/lib/session/get-session';
import { useTeams } from '@/lib/teams/get-teams';
import { EventForm } from '../components/event-form';

/** `/events/new`: a new event, in the organisation's time zone. */
export function NewEventPage() {
  useTextsPart('events');
  const { t } = useTranslation();
  const organization = useOrganization();
  return (
    <>
      <PageHeader
        title={t('events.form.new_title')}
        description={t('events.form.description_page')}
      />
      {organization.isPending ? (
        <LoadingMessage shape="page" />
      ) : (
        <EventFormWithTeams timeZone={organization.data?.time_zone ?? DEFAULT_TIME_ZONE} />
      )}
    </>
  );
}

/** `/events/:eventId/edit`: the series, in its own time zone. */
export function EditEventPage() {
  useTextsPart('events');
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const { data: event, error, isPending } = useEvent(eventId);
  return (
    <>
      <PageHeader
        title={t('events.form.edit_title')}
        description={t('events.form.description_page')}
      />
      {error ? (
        <AlertMessage>
          {isApiError(error, 'event_not_found')
            ? t('api_errors.event_not_found')
            : t('events.page.load_error')}
        </AlertMessage>
      ) : isPending ? (
        <LoadingMessage shape="page" />
      ) : (
        <EventFormWithTeams timeZone={event.time_zone} event={event} />
      )}
    </>
  );
}

function EventFormWithTeams({ timeZone, event }: { timeZone: string; event?: Event }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const toast = useToast();
  const navigate = useNavigate();
  const { data: teams, error, isPending } = useTeams();
  if (error) return <AlertMessage>{t('dashboard.teams_error')}</AlertMessage>;
  if (isPending) return <LoadingMessage shape="page" />;

  function saved(savedEvent: Event) {
    toast.success(
      t(event ? 'events.form.updated' : 'events.form.created', { title: savedEvent.title }),
    );
    const first =
      savedEvent.occurrences.find((occurrence) => Date.parse(occurrence.ends_at) > Date.now()) ??
      savedEvent.occurrences[0];
    void navigate(first ? `/events/${first._id}` : '/events');
  }

  return (
    <EventForm
      user={user}
      teams={teamsManagedBy(user, teams)}
      timeZone={timeZone}
      event={event}
      onSaved={saved}
    />
  );
}
