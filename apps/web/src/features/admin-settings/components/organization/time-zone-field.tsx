import { type ComponentProps, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, TextField } from '@/components/ui/text-field';
import { useLanguage } from '@/i18n/use-language';
import { matchesSearch, timeZoneChoice, timeZoneNow } from '@/lib/time-zone-names';
import styles from './organization.module.css';

interface TimeZoneFieldProps extends Omit<
  ComponentProps<'select'>,
  'id' | 'className' | 'aria-invalid' | 'aria-describedby' | 'children'
> {
  /** The zones to offer, the stored one among them. */
  zones: readonly string[];
  /** The zone chosen now, which the field describes and always keeps among its options. */
  current: string;
  error?: string | undefined;
}

/**
 * The events' time zone: a native select (keyboard and screen readers know it, and it types
 * ahead), its options written as people read them (`Paris (Europe)`, not `Europe/Paris`), and a
 * search above it that narrows the options to those holding every word typed (decision 053).
 * The chosen zone's hour and offset today are said under it.
 */
export function TimeZoneField({ zones, current, error, ...selectProps }: TimeZoneFieldProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [query, setQuery] = useState('');
  const statusId = useId();

  const choices = useMemo(
    () =>
      zones.map((zone) =>
        timeZoneChoice(zone, (area) => t(`organization_settings.time_zone_areas.${area}`)),
      ),
    [zones, t],
  );
  const searching = query.trim() !== '';
  const shown = searching
    ? choices.filter((choice) => choice.zone === current || matchesSearch(choice, query))
    : choices;
  const found = shown.filter((choice) => choice.zone !== current || matchesSearch(choice, query));
  const now = timeZoneNow(current, language);

  return (
    <div className={styles.timeZone}>
      <TextField
        label={t('organization_settings.time_zone_search')}
        hint={t('organization_settings.time_zone_search_hint')}
        type="search"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p id={statusId} role="status" className={styles.note}>
        {searching && t('organization_settings.time_zone_found', { count: found.length })}
      </p>
      <FieldFrame
        label={t('organization_settings.fields.time_zone')}
        error={error}
        hint={now && t('organization_settings.time_zone_now', now)}
      >
        {(control) => (
          <select {...control} {...selectProps}>
            {shown.map((choice) => (
              <option key={choice.zone} value={choice.zone}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
