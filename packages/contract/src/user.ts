import { z } from 'zod';
import { authMethodSchema, languageSchema } from './primitives';

export const coinList = z.object({
  /** purchased coins still valid */
  paid: z.number().int(),
  /** bonus coins still valid */
  bonus: z.number().int(),
});

export const user = z.object({
  user_id: z.string(),
  auth_mthd: authMethodSchema,
  ncknm: z.string(),
  email: z.string().nullable(),
  lang: languageSchema,
  coin: z.number().int(),
  coin_list: coinList,
  unlock_count: z.number().int(),
});
export type User = z.infer<typeof user>;

export const userInfoData = z.object({
  user,
  /** Server time, ISO 8601 with the service time zone's offset. */
  currentDateTime: z.string(),
});
export type UserInfoData = z.infer<typeof userInfoData>;
