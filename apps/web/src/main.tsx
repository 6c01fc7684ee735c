import { sessionUserSchema } from '@guildhall/contract';
console.log(sessionUserSchema.parse({}));
