import { PASSWORD_MAX_LENGTH, type PasswordEntry } from '@guildhall/contract';
import { Dialog } from 'radix-ui';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useApiErrorText } from '@/lib/api-error-text';
import { type FieldErrors, fieldErrorsFrom, focusFirstInvalid } from '@/lib/form-errors';
import { useCreatePassword } from '../../api/create-password';
import { useUpdatePassword } from '../../api/update-password';
import shared from '../admin-tab.module.css';
import { AccessRuleEditor } from './access-rule-editor';
import {
  checkDraft,
  createBodyOf,
  draftOf,
  type PasswordDraft,
  updateBodyOf,
} from './password-draft';

/** The contract's bounds for the entry's details. */
const NETWORK_MAX_LENGTH = 100;
const ACCOUNT_MAX_LENGTH = 200;

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
  const [draft, setDraft] = useState(() => draftOf(entry));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);

  function change(changes: Partial<PasswordDraft>) {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(Object.keys(changes).map((key) => [key, undefined])),
    }));
  }

  /** The server's own words when it gave some, error_saving_password otherwise. */
  function failureText(error: Error): string {
    const described = error instanceof ApiError && error.status > 0;
    return described && error.code !== 'unexpected_response'
      ? describe(error)
      : t('vault.form.error_saving_password');
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    focusFirstInvalid(formRef.current, found);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(undefined);
    const problems = checkDraft(draft, mode);
    if (Object.keys(problems).length > 0) {
      showErrors(
        Object.fromEntries(Object.keys(problems).map((key) => [key, t('forms.problems.required')])),
      );
      return;
    }
    setErrors({});
    const onError = (error: Error) => {
      setFailure(failureText(error));
      showErrors(fieldErrorsFrom(error));
    };
    if (entry) {
      updatePassword.mutate(
        { id: entry._id, body: updateBodyOf(draft) },
        { onSuccess: onSaved, onError },
      );
    } else {
      createPassword.mutate(createBodyOf(draft), { onSuccess: onSaved, onError });
    }
  }

  return (
    <form ref={formRef} className={shared.form} noValidate onSubmit={handleSubmit}>
      <p className={shared.note}>{t('forms.required_note')}</p>
      <div className={shared.formGrid}>
        <TextField
          name="network"
          label={t('vault.form.network')}
          required
          autoComplete="off"
          maxLength={NETWORK_MAX_LENGTH}
          value={draft.network}
          onChange={(event) => change({ network: event.target.value })}
          error={errors.network}
        />
        <TextField
          name="account"
          label={t('vault.form.account')}
          required
          autoComplete="off"
          maxLength={ACCOUNT_MAX_LENGTH}
          value={draft.account}
          onChange={(event) => change({ account: event.target.value })}
          error={errors.account}
        />
        <TextField
          name="password"
          type="password"
          label={t('vault.form.password')}
          required={mode === 'create'}
          // The browser must not offer the admin's own password for the shared account.
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          placeholder={mode === 'edit' ? t('vault.form.password_unchanged') : undefined}
          value={draft.password}
          onChange={(event) => change({ password: event.target.value })}
          error={errors.password}
        />
      </div>

      <AccessRuleEditor
        rules={draft.accessRules}
        mode={mode}
        error={errors.accessRules}
        onChange={(accessRules) => change({ accessRules })}
      />

      {failure !== undefined && <AlertMessage>{failure}</AlertMessage>}
      <div className={shared.formActions}>
        <Dialog.Close className="button">{t('vault.form.cancel')}</Dialog.Close>
        <button type="submit" className="button button-primary" aria-disabled={save.isPending}>
          {save.isPending
            ? t('vault.form.saving')
            : entry
              ? t('vault.form.save')
              : t('vault.form.create')}
        </button>
      </div>
    </form>
  );
}
