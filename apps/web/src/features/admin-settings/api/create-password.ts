import { type PasswordCreate, type PasswordEntry } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPasswordChange } from './save-password-cache';

/** POST /api/password (admins): a new entry with its access rules; the answer has no value. */
export function createPassword(body: PasswordCreate): Promise<PasswordEntry> {
  return apiRequest('/api/password', { method: 'POST', body, schema: 'passwordEntrySchema' });
}

export function useCreatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPassword,
    onSuccess: () => refreshAfterPasswordChange(queryClient),
  });
}
