import { z } from 'zod';

/** Every id is 24 lowercase hexadecimal characters (a MongoDB-style ObjectId). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const idSchema = z.string().regex(ID_PATTERN, 'must be 24 lowercase hexadecimal characters');
export type Id = z.infer<typeof idSchema>;

export const idParamsSchema = z.object({ id: idSchema });
