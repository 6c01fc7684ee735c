import {
  type Event,
  EVENT_CAPACITY_MAX,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_OPPONENT_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  EVENT_TYPES,
  EVENT_TYPES_WITH_OPPONENT,
  type EventAudienceKind,
  type EventBody,
  eventBodySchema,
  type EventType,
  type SessionUser,
  type Team,
} from '@guildhall/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { MarkdownField } from '@/components/ui/markdown-field';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useLanguage } from '@/i18n/use-language';
import { useApiErrorText } from '@/lib/api-error-text';
import { type ProblemKeys, useContractForm } from '@/lib/contract-form';
import {
  instantToZonedInput,
  recurrenceChoiceOf,
  recurrenceRule,
  type RecurrenceFrequency,
  WEEKDAYS,
  type Weekday,
  weekdayName,
  zonedInputToInstant,
} from '@/lib/events/event-time';
import { useCreateEvent } from '@/lib/events/create-event';
import { useUpdateEvent } from '@/lib/events/update-event';
import { can } from '@/lib/session/abilities';
import type { FieldOf } from '@/lib/form-errors';
import styles from './events.module.css';

/** The recurrence: none, the form's own controls, or a rule another client wrote, kept as is. */
type Frequency = RecurrenceFrequency | 'custom';

/** The form's values: times as the `datetime-local` inputs hold them, in the event's zone. */
export interface EventFormValues {
  title: string;
  type: EventType;
  starts_at: string;
  ends_at: string;
  location: string;
  opponent: string;
  audience_kind: EventAudienceKind;
  team_ids: string[];
  role_ids: string[];
  capacity: string;
  rsvp_deadline: string;
  description: string;
  frequency: Frequency;
  interval: string;
  weekdays: Weekday[];
  end: 'until' | 'count';
  until: string;
  count: string;
}

const problems: ProblemKeys = {
  starts_at: { invalid: 'events.form.problems.date' },
  ends_at: { invalid: 'events.form.problems.ends_before_start' },
  rsvp_deadline: { invalid: 'events.form.problems.deadline_after_start' },
  audience: { invalid: 'events.form.problems.audience' },
  capacity: { invalid: 'events.form.problems.capacity' },
};

/** The recurrence's problems show on its first control, the zone's on the start. */
const eventFieldOf: FieldOf = (path) =>
  path[0] === 'recurrence' ? 'frequency' : path[0] === 'time_zone' ? 'starts_at' : (path[0] ?? '');

/** The body the values make, in `timeZone`; a series' skipped dates are kept. */
function bodyOf(timeZone: string, event: Event | undefined) {
  return (values: EventFormValues): EventBody => {
    const rule =
      values.frequency === 'custom'
        ? (event?.recurrence?.rule ?? null)
        : recurrenceRule(
            {
              frequency: values.frequency,
              interval: Number(values.interval),
              weekdays: values.weekdays,
              end: values.end,
              until: values.until,
              count: Number(values.count),
            },
            timeZone,
          );
    const capacity = values.capacity.trim();
    return {
      title: values.title,
      type: values.type,
      description: values.description,
      // An empty start is null: the form then says it is required.
      starts_at: zonedInputToInstant(values.starts_at, timeZone) as string,
      ends_at: zonedInputToInstant(values.ends_at, timeZone) as string,
      time_zone: timeZone,
      location: values.location,
      opponent: EVENT_TYPES_WITH_OPPONENT.includes(values.type) ? values.opponent : null,
      audience:
        values.audience_kind === 'organization'
          ? { kind: 'organization' }
          : values.audience_kind === 'teams'
            ? { kind: 'teams', team_ids: values.team_ids }
            : { kind: 'roles', role_ids: values.role_ids },
      capacity: capacity === '' ? null : Number(capacity),
      rsvp_deadline: zonedInputToInstant(values.rsvp_deadline, timeZone),
      recurrence: rule ? { rule, exceptions: event?.recurrence?.exceptions ?? [] } : null,
    };
  };
}

/** The values of a new event, or of the series being edited. */
function defaultValuesOf(event: Event | undefined, timeZone: string): EventFormValues {
  const choice = event?.recurrence ? recurrenceChoiceOf(event.recurrence.rule, timeZone) : null;
  return {
    title: event?.title ?? '',
    type: event?.type ?? 'training',
    starts_at: instantToZonedInput(event?.starts_at, timeZone),
    ends_at: instantToZonedInput(event?.ends_at, timeZone),
    location: event?.location ?? '',
    opponent: event?.opponent ?? '',
    audience_kind: event?.audience.kind ?? 'teams',
    team_ids: event?.audience.teams.map((team) => team._id) ?? [],
    role_ids: event?.audience.roles.map((role) => role._id) ?? [],
    capacity:
      event?.capacity === null || event?.capacity === undefined ? '' : String(event.capacity),
    rsvp_deadline: instantToZonedInput(event?.rsvp_deadline, timeZone),
    description: event?.description_markdown ?? '',
    frequency: event?.recurrence ? (choice?.frequency ?? 'custom') : 'none',
    interval: String(choice?.interval ?? 1),
    weekdays: choice?.weekdays ?? [],
    end: choice?.end ?? 'until',
    until: choice?.until ?? '',
    count: String(choice?.count ?? 10),
  };
}

interface EventFormProps {
  user: SessionUser;
  /** The teams the member may plan for (all of them with manage:events). */
  teams: Team[];
  /** The event's zone: the series', or the organisation's for a new one. */
  timeZone: string;
  /** The series being edited; none to create one. */
  event?: Event | undefined;
  onSaved: (event: Event) => void;
}

/** An event's what, when, where, for whom and how often, checked against the contract. */
export function EventForm({ user, teams, timeZone, event, onSaved }: EventFormProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const describe = useApiErrorText();
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const save = event ? updateEvent : createEvent;
  const mayInviteEveryone = can(user, 'manage:events');
  const form = useContractForm<EventFormValues, EventBody>({
    schema: eventBodySchema,
    defaultValues: defaultValuesOf(event, timeZone),
    toBody: bodyOf(timeZone, event),
    fieldOf: eventFieldOf,
    problems,
    problemParams: { max: EVENT_CAPACITY_MAX },
  });
  const [type, audienceKind, frequency, end, description] = form.watch([
    'type',
    'audience_kind',
    'frequency',
    'end',
    'description',
  ]);
  const teamIds = form.bind('team_ids');
  const roleIds = form.bind('role_ids');
  const weekdays = form.bind('weekdays');
  const audienceError = form.errorOf('audience');
  const audienceErrorId = useId();
  const zoneNoteId = useId();

  const handleSubmit = form.submit((body) => {
    if (save.isPending) return;
    const options = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        form.showFailure(describe(error));
        form.showServerIssues(error);
      },
    };
    if (event) updateEvent.mutate({ id: event._id, body }, options);
    else createEvent.mutate(body, options);
  });

  const toggle = <Item extends string>(list: Item[], item: Item, on: boolean): Item[] =>
    on ? [...list, item] : list.filter((other) => other !== item);

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit}>
      <p className={styles.note}>{t('forms.required_note')}</p>
      <div className={styles.formGrid}>
        <TextField
          label={t('events.form.title')}
          required
          maxLength={EVENT_TITLE_MAX_LENGTH}
          {...form.field('title')}
        />
        <SelectField label={t('events.form.type')} required {...form.field('type')}>
          {EVENT_TYPES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`events_common.types.${choice}`)}
            </option>
          ))}
        </SelectField>
      </div>

      <p id={zoneNoteId} className={styles.note}>
        {t('events.form.time_zone_note', { zone: timeZone })}
      </p>
      <div className={styles.formGrid}>
        <TextField
          type="datetime-local"
          label={t('events.form.starts_at')}
          required
          hint={t('events.form.in_zone', { zone: timeZone })}
          {...form.field('starts_at')}
        />
        <TextField
          type="datetime-local"
          label={t('events.form.ends_at')}
          required
          hint={t('events.form.in_zone', { zone: timeZone })}
          {...form.field('ends_at')}
        />
      </div>

      <div className={styles.formGrid}>
        <TextField
          label={t('events.form.location')}
          maxLength={EVENT_LOCATION_MAX_LENGTH}
          {...form.field('location')}
        />
        {EVENT_TYPES_WITH_OPPONENT.includes(type) && (
          <TextField
            label={t('events.form.opponent')}
            maxLength={EVENT_OPPONENT_MAX_LENGTH}
            {...form.field('opponent')}
          />
        )}
      </div>

      <fieldset
        className={styles.fieldset}
        aria-describedby={audienceError ? audienceErrorId : undefined}
      >
        <legend>{t('events.form.audience')}</legend>
        <SelectField label={t('events.form.audience_kind')} {...form.field('audience_kind')}>
          {mayInviteEveryone && (
            <option value="organization">{t('events.form.audience_kinds.organization')}</option>
          )}
          <option value="teams">{t('events.form.audience_kinds.teams')}</option>
          <option value="roles">{t('events.form.audience_kinds.roles')}</option>
        </SelectField>
        {audienceKind === 'teams' && (
          <div className={styles.choices} role="group" aria-label={t('events.form.teams')}>
            {teams.map((team) => (
              <CheckboxField
                key={team._id}
                name="audience"
                label={team.name}
                checked={teamIds.value.includes(team._id)}
                onChange={(change) =>
                  teamIds.onChange(toggle(teamIds.value, team._id, change.target.checked))
                }
              />
            ))}
          </div>
        )}
        {audienceKind === 'roles' &&
          teams.map((team) => (
            <div
              key={team._id}
              className={styles.choices}
              role="group"
              aria-label={t('events.form.roles_of', { team: team.name })}
            >
              <span className={styles.choicesTitle}>{team.name}</span>
              {team.roles.map((role) => (
                <CheckboxField
                  key={role._id}
                  name="audience"
                  label={role.role}
                  checked={roleIds.value.includes(role._id)}
                  onChange={(change) =>
                    roleIds.onChange(toggle(roleIds.value, role._id, change.target.checked))
                  }
                />
              ))}
            </div>
          ))}
        {audienceKind !== 'organization' && teams.length === 0 && (
          <p className={styles.note}>{t('events.form.no_team')}</p>
        )}
        {audienceError && (
          <p id={audienceErrorId} className={styles.fieldError}>
            {audienceError}
          </p>
        )}
      </fieldset>

      <div className={styles.formGrid}>
        <TextField
          type="number"
          inputMode="numeric"
          min={1}
          max={EVENT_CAPACITY_MAX}
          label={t('events.form.capacity')}
          hint={t('events.form.capacity_hint')}
          {...form.field('capacity')}
        />
        <TextField
          type="datetime-local"
          label={t('events.form.rsvp_deadline')}
          hint={t('events.form.rsvp_deadline_hint')}
          {...form.field('rsvp_deadline')}
        />
      </div>

      <MarkdownField
        label={t('events.form.description')}
        rows={4}
        maxLength={EVENT_DESCRIPTION_MAX_LENGTH}
        hint={t('events.form.description_hint')}
        value={description}
        {...form.field('description')}
      />

      <fieldset className={styles.fieldset}>
        <legend>{t('events.form.recurrence')}</legend>
        <SelectField label={t('events.form.frequency')} {...form.field('frequency')}>
          <option value="none">{t('events.form.frequencies.none')}</option>
          <option value="daily">{t('events.form.frequencies.daily')}</option>
          <option value="weekly">{t('events.form.frequencies.weekly')}</option>
          {event?.recurrence && frequency === 'custom' && (
            <option value="custom">
              {t('events.form.frequencies.custom', { rule: event.recurrence.rule })}
            </option>
          )}
        </SelectField>
        {(frequency === 'daily' || frequency === 'weekly') && (
          <>
            <TextField
              type="number"
              inputMode="numeric"
              min={1}
              label={
                frequency === 'daily'
                  ? t('events.form.interval_days')
                  : t('events.form.interval_weeks')
              }
              {...form.field('interval')}
            />
            {frequency === 'weekly' && (
              <div className={styles.choices} role="group" aria-label={t('events.form.weekdays')}>
                {WEEKDAYS.map((day) => (
                  <CheckboxField
                    key={day}
                    name="weekdays"
                    label={weekdayName(day, language)}
                    checked={weekdays.value.includes(day)}
                    onChange={(change) =>
                      weekdays.onChange(toggle(weekdays.value, day, change.target.checked))
                    }
                  />
                ))}
              </div>
            )}
            <SelectField label={t('events.form.end')} {...form.field('end')}>
              <option value="until">{t('events.form.ends.until')}</option>
              <option value="count">{t('events.form.ends.count')}</option>
            </SelectField>
            {end === 'until' ? (
              <TextField type="date" label={t('events.form.until')} {...form.field('until')} />
            ) : (
              <TextField
                type="number"
                inputMode="numeric"
                min={1}
                label={t('events.form.count')}
                {...form.field('count')}
              />
            )}
          </>
        )}
      </fieldset>

      {form.failure !== undefined && (
        <AlertMessage>
          {t('events.form.save_failed')} {form.failure}
        </AlertMessage>
      )}
      <div className={styles.formActions}>
        <Link className="button" to="/events">
          {t('forms.cancel')}
        </Link>
        <button type="submit" className="button button-primary" aria-disabled={save.isPending}>
          {save.isPending
            ? t('forms.saving')
            : event
              ? t('events.form.save')
              : t('events.form.create')}
        </button>
      </div>
    </form>
  );
}
