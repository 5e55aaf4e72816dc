import { z } from 'zod';

/** Every reply is `{ code, message, data }`; success is HTTP 200 with code 0. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
});

export type Envelope<T> = { code: number; message: string; data: T };
