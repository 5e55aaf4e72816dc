import { z } from 'zod';
import { ageCheck } from './identity';
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
  /** ad unlocks used today (service day) */
  unlock_count: z.number().int(),
  /** daily maximum of ad unlocks */
  unlock_cap: z.number().int(),
  /** the last ad unlock (ISO 8601), null if none: the 180 s cooldown runs from here */
  last_unlock_dtm: z.string().nullable(),
  /** seconds left of the ad-unlock cooldown now; 0 when time allows an ad unlock */
  unlock_cooldown_sec: z.number().int(),
  /** Y when the user has checked in today (service day) */
  atdn_today_yn: z.enum(['Y', 'N']),
  /** the spec's next attendance day (§4): days below it show as checked */
  next_cnsc_atdn: z.number().int(),
  /** the member's adult check (decision 1490); null for guests and members without one */
  age_check: ageCheck.nullable(),
});
export type User = z.infer<typeof user>;

export const userInfoData = z.object({
  user,
  /** Server time, ISO 8601 with the service time zone's offset. */
  currentDateTime: z.string(),
});
export type UserInfoData = z.infer<typeof userInfoData>;
