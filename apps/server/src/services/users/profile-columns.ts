import type { profileFieldsSchema } from '@guildhall/contract';
import type { z } from 'zod';
import type { users } from '../../db/schema.js';
import { pseudoKey } from './pseudo-key.js';

/** The profile fields of the account form and of the admin's edit form, as columns. */
export function profileColumns(
  fields: z.output<typeof profileFieldsSchema>,
): Partial<typeof users.$inferInsert> {
  return {
    name: fields.name,
    surname: fields.surname,
    pseudo: fields.pseudo,
    pseudoKey: pseudoKey(fields.pseudo),
    birthday: fields.birthday,
    email: fields.email,
    address: fields.address,
    zipCode: fields.zip_code,
    town: fields.town,
    country: fields.country,
  };
}
