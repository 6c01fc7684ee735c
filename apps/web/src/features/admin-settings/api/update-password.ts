import { type PasswordEntry, type PasswordUpdate } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPasswordChange } from './save-password-cache';

interface PasswordChange {
  id: string;
  /** The rules replace the entry's; without a password, the stored one stays. */
  body: PasswordUpdate;
}

/** PUT /api/password/{id} (admins): the entry's details and rules, and its password if given. */
export function updatePassword({ id, body }: PasswordChange): Promise<PasswordEntry> {
  return apiRequest(`/api/password/${id}`, { method: 'PUT', body, schema: 'passwordEntrySchema' });
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => refreshAfterPasswordChange(queryClient),
  });
}
