import {
  SEASON_NAME_MAX_LENGTH,
  type Season,
  type SeasonBody,
  seasonBodySchema,
} from '@guildhall/contract';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useCreateSeason } from '../../api/create-season';
import { useUpdateSeason } from '../../api/update-season';
import shared from '../admin-tab.module.css';
import { DialogForm, FormDialog } from './form-dialog';

interface SeasonDraft {
  name: string;
  starts_on: string;
  ends_on: string;
}

/** Creates or edits a season in a modal dialog. */
export function SeasonFormDialog({
  children,
  season,
}: {
  children: ReactElement;
  season?: Season;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      trigger={children}
      title={
        season
          ? t('points_admin.seasons.edit_title', { name: season.name })
          : t('points_admin.seasons.create_title')
      }
      description={t('points_admin.seasons.form_description')}
      savedText={(saved: Season) =>
        t(season ? 'points_admin.seasons.updated' : 'points_admin.seasons.created', {
          name: saved.name,
        })
      }
    >
      {(onSaved) => <SeasonForm season={season} onSaved={onSaved} />}
    </FormDialog>
  );
}

function SeasonForm({
  season,
  onSaved,
}: {
  season?: Season | undefined;
  onSaved: (season: Season) => void;
}) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const createSeason = useCreateSeason();
  const updateSeason = useUpdateSeason();
  const save = season ? updateSeason : createSeason;
  const form = useContractForm<SeasonDraft, SeasonBody>({
    schema: seasonBodySchema,
    defaultValues: {
      name: season?.name ?? '',
      starts_on: season?.starts_on ?? '',
      ends_on: season?.ends_on ?? '',
    },
    toBody: (draft) => ({ ...draft, name: draft.name.trim() }),
    problems: { ends_on: { invalid: 'points_admin.seasons.ends_before_start' } },
  });

  const handleSubmit = form.submit((body) => {
    if (save.isPending) return;
    const options = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        form.showFailure(describe(error));
        form.showServerIssues(error);
      },
    };
    if (season) updateSeason.mutate({ id: season._id, body }, options);
    else createSeason.mutate(body, options);
  });

  return (
    <DialogForm onSubmit={handleSubmit} failure={form.failure} pending={save.isPending}>
      <TextField
        label={t('points_admin.seasons.name')}
        required
        autoComplete="off"
        maxLength={SEASON_NAME_MAX_LENGTH}
        {...form.field('name')}
      />
      <div className={shared.formGrid}>
        <TextField
          type="date"
          label={t('points_admin.seasons.starts_on')}
          required
          {...form.field('starts_on')}
        />
        <TextField
          type="date"
          label={t('points_admin.seasons.ends_on')}
          required
          {...form.field('ends_on')}
        />
      </div>
    </DialogForm>
  );
}
