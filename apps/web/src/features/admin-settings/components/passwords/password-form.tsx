import {
  maxLengthOf,
  PASSWORD_MAX_LENGTH,
  passwordCreateSchema,
  type PasswordCreate,
  type PasswordEntry,
  type PasswordUpdate,
} from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useManagedPasswords } from '../../api/get-managed-passwords';
import { findDuplicateEntry } from '@/lib/passwords/vault-search';
import { ApiError } from '@/lib/api-client';
import { useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useCreatePassword } from '../../api/create-password';
import { useUpdatePassword } from '../../api/update-password';
import shared from '../admin-tab.module.css';
import { AccessRuleEditor } from './access-rule-editor';
import {
  bodySchemaOf,
  createBodyOf,
  draftOf,
  type PasswordDraft,
  updateBodyOf,
} from './password-draft';
import styles from './passwords.module.css';
import { SecretField } from './secret-field';
import { DialogClose } from '@/components/ui/dialog';

/** The contract's bounds for the entry's details. */
const NETWORK_MAX_LENGTH = maxLengthOf(passwordCreateSchema.shape.network);
const ACCOUNT_MAX_LENGTH = maxLengthOf(passwordCreateSchema.shape.account);

interface PasswordFormProps {
  /** The entry being edited; none to create one. */
  entry?: PasswordEntry | undefined;
  onSaved: (entry: PasswordEntry) => void;
}

/**
 * An entry's network, account, password and access rules. The stored password is never shown:
 * on edit the field starts empty, and left blank it leaves the password as it is.
 */
export function PasswordForm({ entry, onSaved }: PasswordFormProps) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const createPassword = useCreatePassword();
  const updatePassword = useUpdatePassword();
  const save = entry ? updatePassword : createPassword;
  const mode = entry ? 'edit' : 'create';
  const form = useContractForm<PasswordDraft, PasswordCreate | PasswordUpdate>({
    schema: bodySchemaOf(mode),
    defaultValues: draftOf(entry),
    toBody: mode === 'create' ? createBodyOf : updateBodyOf,
  });
  const rules = form.bind('accessRules');
  const [network, account] = form.watch(['network', 'account']);
  const { data: entries = [] } = useManagedPasswords();
  // Two entries for one account are allowed (two passwords of a shared login may be kept for a
  // while), but rarely meant: the admin is told before saving (decision 031).
  const duplicate = findDuplicateEntry(entries, { network, account, exceptId: entry?._id });

  /** The server's own words when it gave some, error_saving_password otherwise. */
  function failureText(error: Error): string {
    const described = error instanceof ApiError && error.status > 0;
    return described && error.code !== 'unexpected_response'
      ? describe(error)
      : t('admin_settings.passwords.form.error_saving_password');
  }

  const handleSubmit = form.submit((body) => {
    if (save.isPending) return;
    const onError = (error: Error) => {
      form.showFailure(failureText(error));
      form.showServerIssues(error);
    };
    if (entry) {
      updatePassword.mutate({ id: entry._id, body }, { onSuccess: onSaved, onError });
    } else {
      // Without an entry, the values were checked with the schema of a creation.
      createPassword.mutate(body as PasswordCreate, { onSuccess: onSaved, onError });
    }
  });

  return (
    <form className={shared.form} noValidate onSubmit={handleSubmit}>
      <p className={shared.note}>{t('forms.required_note')}</p>
      <div className={shared.formGrid}>
        <TextField
          label={t('admin_settings.passwords.form.network')}
          required
          autoComplete="off"
          maxLength={NETWORK_MAX_LENGTH}
          {...form.field('network')}
        />
        <TextField
          label={t('admin_settings.passwords.form.account')}
          required
          autoComplete="off"
          maxLength={ACCOUNT_MAX_LENGTH}
          {...form.field('account')}
        />
        <SecretField
          label={t('admin_settings.passwords.form.password')}
          required={mode === 'create'}
          // The browser must not offer the admin's own password for the shared account.
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          placeholder={
            mode === 'edit' ? t('admin_settings.passwords.form.password_unchanged') : undefined
          }
          {...form.field('password')}
        />
      </div>
      <p role="status" className={duplicate ? styles.duplicate : 'visually-hidden'}>
        {duplicate
          ? t('admin_settings.passwords.form.duplicate', {
              network: duplicate.network,
              account: duplicate.account,
            })
          : ''}
      </p>

      <AccessRuleEditor
        rules={rules.value}
        mode={mode}
        error={rules.error}
        onChange={rules.onChange}
      />

      {form.failure !== undefined && <AlertMessage>{form.failure}</AlertMessage>}
      <div className={shared.formActions}>
        <DialogClose className="button">{t('admin_settings.passwords.form.cancel')}</DialogClose>
        <button type="submit" className="button button-primary" aria-disabled={save.isPending}>
          {save.isPending
            ? t('admin_settings.passwords.form.saving')
            : entry
              ? t('admin_settings.passwords.form.save')
              : t('admin_settings.passwords.form.create')}
        </button>
      </div>
    </form>
  );
}
