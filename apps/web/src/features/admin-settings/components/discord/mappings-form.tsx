import {
  DISCORD_GRANTABLE_ROLES,
  DISCORD_MAPPINGS_MAX,
  type DiscordGuildRoles,
  type DiscordRoleMapping,
  type Team,
} from '@guildhall/contract';
import { Plus, Trash2, Undo2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage } from '@/components/ui/status-message';
import { FieldError, TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useSaveDiscordMappings } from '../../api/save-discord-mappings';
import { AdminSection } from '../admin-section';
import shared from '../admin-tab.module.css';
import styles from './discord.module.css';
import {
  bodyOf,
  draftOf,
  emptyRow,
  highestFirst,
  MAPPING_RULES,
  type MappingRow,
  type MappingsDraft,
  mappingsFormSchema,
} from './mapping-draft';

interface MappingsFormProps {
  mappings: DiscordRoleMapping[];
  /** The guild's roles; null when they cannot be read (no bot, or Discord refused it). */
  guildRoles: DiscordGuildRoles['roles'] | null;
  teams: Team[];
}

/** A row taken out of the list, kept until saving so that its removal can be undone. */
interface RemovedRow {
  row: MappingRow;
  index: number;
  name: string;
}

/**
 * The mapping of Discord roles to the portal's: a row per Discord role, what it grants, added and
 * removed here; only saving sends the whole list. A removal can be undone until then.
 */
export function MappingsForm({ mappings, guildRoles, teams }: MappingsFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const save = useSaveDiscordMappings();
  const form = useContractForm<MappingsDraft, DiscordRoleMapping[]>({
    schema: mappingsFormSchema,
    defaultValues: draftOf(mappings),
    toBody: bodyOf,
    ...MAPPING_RULES,
  });
  const [removed, setRemoved] = useState<RemovedRow[]>([]);
  const undoRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const rows = form.watch('mappings');
  const listError = form.errorOf('mappings');

  const roleName = (id: string) => guildRoles?.find((role) => role.id === id)?.name;
  /** How a row is called: its Discord role's name, its id, or a new row. */
  const rowName = (row: MappingRow) =>
    roleName(row.discord_role_id) ??
    (row.discord_role_id.trim() || t('admin_settings.discord.mappings.new_row'));

  /** Moves the focus to the first control of the row at `index`, once it is drawn. */
  const focusRow = (index: number) =>
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelectorAll('fieldset')[index];
      row?.querySelector<HTMLElement>('input, select')?.focus();
    });

  function changeRow(index: number, change: Partial<MappingRow>) {
    form.setValue(
      'mappings',
      form.getValues('mappings').map((row, at) => (at === index ? { ...row, ...change } : row)),
    );
    for (const field of Object.keys(change)) {
      form.clearErrors(`mappings.${index}.${field as keyof Omit<MappingRow, 'key'>}`);
    }
  }

  function addRow() {
    const current = form.getValues('mappings');
    form.setValue('mappings', [...current, emptyRow()]);
    focusRow(current.length);
  }

  function removeRow(index: number) {
    const current = form.getValues('mappings');
    const row = current[index];
    if (!row) return;
    form.setValue(
      'mappings',
      current.filter((_, at) => at !== index),
    );
    // The rows after it move up: what was said about them no longer matches their place.
    form.clearErrors('mappings');
    setRemoved((before) => [...before, { row, index, name: rowName(row) }]);
    requestAnimationFrame(() => undoRef.current?.focus());
  }

  function undoRemoval() {
    const last = removed.at(-1);
    if (!last) return;
    const current = form.getValues('mappings');
    const index = Math.min(last.index, current.length);
    form.setValue('mappings', [...current.slice(0, index), last.row, ...current.slice(index)]);
    form.clearErrors('mappings');
    setRemoved((before) => before.slice(0, -1));
    focusRow(index);
  }

  const handleSubmit = form.submit((body) => {
    if (save.isPending) return;
    save.mutate(body, {
      onSuccess: () => {
        setRemoved([]);
        form.reset(draftOf(body));
        toast.success(t('admin_settings.discord.mappings.saved'), undefined, {
          topic: 'discord-mappings',
        });
      },
      onError: (error) => {
        // Nothing is lost: the rows stay as they were, with the server's complaints on them.
        form.showFailure(describe(error));
        form.showServerIssues(error);
      },
    });
  });

  const lastRemoved = removed.at(-1);
  const sortedRoles = guildRoles && highestFirst(guildRoles);

  return (
    <AdminSection
      title={t('admin_settings.discord.mappings.title')}
      description={t('admin_settings.discord.mappings.description')}
      summary={t('admin_settings.discord.mappings.summary', { count: mappings.length })}
      className={styles.section}
    >
      <form
        className={styles.mappingsForm}
        noValidate
        aria-label={t('admin_settings.discord.mappings.title')}
        onSubmit={handleSubmit}
      >
        <div ref={listRef} className={styles.rows}>
          {rows.length === 0 && (
            <p className={shared.placeholder}>{t('admin_settings.discord.mappings.empty')}</p>
          )}
          {rows.map((row, index) => {
            const name = rowName(row);
            const discordField = {
              name: `mappings.${index}.discord_role_id`,
              label: t('admin_settings.discord.mappings.discord_role'),
              required: true,
              value: row.discord_role_id,
              error: form.errorOf(`mappings.${index}.discord_role_id`),
            };
            return (
              <fieldset key={row.key} className={styles.row}>
                <legend className={styles.rowLegend}>{name}</legend>
                <div className={styles.rowFields}>
                  {sortedRoles ? (
                    <SelectField
                      {...discordField}
                      onChange={(event) =>
                        changeRow(index, { discord_role_id: event.target.value })
                      }
                    >
                      <option value="" disabled>
                        {t('admin_settings.discord.mappings.discord_role_placeholder')}
                      </option>
                      {row.discord_role_id !== '' &&
                        roleName(row.discord_role_id) === undefined && (
                          <option value={row.discord_role_id}>
                            {t('admin_settings.discord.mappings.unknown_role', {
                              id: row.discord_role_id,
                            })}
                          </option>
                        )}
                      {sortedRoles.map((role) => (
                        <option key={role.id} value={role.id}>
                          {role.name}
                        </option>
                      ))}
                    </SelectField>
                  ) : (
                    <TextField
                      {...discordField}
                      label={t('admin_settings.discord.mappings.discord_role_id')}
                      inputMode="numeric"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={20}
                      hint={t('admin_settings.discord.mappings.discord_role_id_hint')}
                      onChange={(event) =>
                        changeRow(index, { discord_role_id: event.target.value })
                      }
                    />
                  )}
                  <SelectField
                    name={`mappings.${index}.portal_role`}
                    label={t('admin_settings.discord.mappings.portal_role')}
                    value={row.portal_role}
                    error={form.errorOf(`mappings.${index}.portal_role`)}
                    onChange={(event) =>
                      changeRow(index, {
                        portal_role: event.target.value as MappingRow['portal_role'],
                      })
                    }
                  >
                    <option value="">{t('admin_settings.discord.mappings.none')}</option>
                    {DISCORD_GRANTABLE_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`roles.${role}`)}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField
                    name={`mappings.${index}.team_role_id`}
                    label={t('admin_settings.discord.mappings.team_role')}
                    value={row.team_role_id}
                    error={form.errorOf(`mappings.${index}.team_role_id`)}
                    onChange={(event) => changeRow(index, { team_role_id: event.target.value })}
                  >
                    <option value="">{t('admin_settings.discord.mappings.none')}</option>
                    {row.team_role_id !== '' &&
                      !teams.some((team) =>
                        team.roles.some((role) => role._id === row.team_role_id),
                      ) && (
                        <option value={row.team_role_id}>
                          {t('admin_settings.discord.mappings.unknown_team_role')}
                        </option>
                      )}
                    {teams
                      .filter((team) => team.roles.length > 0)
                      .map((team) => (
                        <optgroup key={team._id} label={team.name}>
                          {team.roles.map((role) => (
                            <option key={role._id} value={role._id}>
                              {t('admin_settings.discord.mappings.team_role_option', {
                                team: team.name,
                                role: role.role,
                              })}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                  </SelectField>
                  <button
                    type="button"
                    className={`button button-small ${styles.remove}`}
                    aria-label={t('admin_settings.discord.mappings.remove', { name })}
                    onClick={() => removeRow(index)}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                    {t('admin_settings.discord.mappings.remove_short')}
                  </button>
                </div>
              </fieldset>
            );
          })}
          {listError !== undefined && <FieldError id={`${headingId}-error`} message={listError} />}
        </div>

        <div role="status" className={styles.undo}>
          {lastRemoved && (
            <>
              <span>
                {t('admin_settings.discord.mappings.removed', { name: lastRemoved.name })}
              </span>
              <button
                ref={undoRef}
                type="button"
                className="button button-small"
                onClick={undoRemoval}
              >
                <Undo2 size={16} aria-hidden="true" />
                {t('admin_settings.discord.mappings.undo', { name: lastRemoved.name })}
              </button>
            </>
          )}
        </div>

        <div>
          <button
            type="button"
            className="button"
            onClick={addRow}
            disabled={rows.length >= DISCORD_MAPPINGS_MAX}
          >
            <Plus size={18} aria-hidden="true" />
            {t('admin_settings.discord.mappings.add')}
          </button>
        </div>

        {form.failure !== undefined && (
          <AlertMessage>
            {t('admin_settings.discord.mappings.save_failed')} {form.failure}
          </AlertMessage>
        )}
        <div className={shared.formActions}>
          <button
            type="button"
            className="button"
            onClick={() => {
              setRemoved([]);
              form.reset(draftOf(mappings));
            }}
          >
            {t('forms.cancel')}
          </button>
          <button type="submit" className="button button-primary" aria-disabled={save.isPending}>
            {save.isPending ? t('forms.saving') : t('forms.save')}
          </button>
        </div>
      </form>
    </AdminSection>
  );
}
