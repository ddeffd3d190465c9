import { z } from 'zod';

/** Every error the API sends: a message for people, and per-field messages for forms. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
