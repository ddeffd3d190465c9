/**
 * Promotion codes (docs/api.md, Delivery and promotions): what the owner sends to make one, the promotion as the
 * owner's API answers it, and the code a shopper types. Pounds on the wire; the server keeps pence.
 */
import { z } from 'zod';
import { hasControlCharacter } from '#shared/control-characters';

export const PROMOTION_TYPES = ['percent', 'fixed', 'free-delivery'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export const PROMO_CODE_MAX_LENGTH = 30;
export const PROMOTION_DESCRIPTION_MAX_LENGTH = 200;
export const PROMOTION_FIXED_MAX = 1000;
export const PROMOTION_MAX_USES_MAX = 1_000_000;

export const promotionMessages = {
  body: 'Please send the promotion as { code, description, type, value, … }.',
  code: `Please enter a code of 3 to ${PROMO_CODE_MAX_LENGTH} letters, digits or dashes.`,
  codeTaken: 'A promotion with this code exists already.',
  description: `Please describe the promotion in at most ${PROMOTION_DESCRIPTION_MAX_LENGTH} characters.`,
  type: 'Please choose percent, fixed or free-delivery.',
  percent: 'Please enter a percentage from 1 to 100.',
  fixed: `Please enter the amount off in pounds, from £0.01 to £${PROMOTION_FIXED_MAX}.00.`,
  minSpend: 'Please enter the minimum spend in pounds, or leave it out.',
  date: 'Please send dates as ISO 8601 date-times, e.g. 2026-12-01T00:00:00Z.',
  dates: 'The end must come after the start.',
  maxUses: `Please enter the number of uses as a whole number from 1 to ${PROMOTION_MAX_USES_MAX}, or leave it out.`,
  oncePerCustomer: 'Please send oncePerCustomer as true or false.',
  active: 'Please send { active: true } or { active: false }.',
  notFound: 'There is no such promotion.',
  // What a shopper is told about a code (400, field `promoCode`).
  unknown: 'This code is not valid.',
  notYet: 'This code is not valid yet.',
  expired: 'This code has expired.',
  minSpendNeeded: (amount: string) => `This code needs a spend of ${amount}.`,
  usedUp: 'This code has been used up.',
  usedAlready: 'This code has been used already with this e-mail address.',
} as const;

/** A code as a shopper or the owner types it: any case, kept as typed here and matched case-insensitively. */
export const PromoCodeSchema = z
  .string({ error: promotionMessages.code })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9-]{2,${PROMO_CODE_MAX_LENGTH - 1}}$`), { error: promotionMessages.code });

const pounds = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: message });

const DateTimeSchema = z.iso.datetime({ offset: true, error: promotionMessages.date });

/**
 * `POST /api/admin/promotions`. `value` is a whole percentage (`percent`), pounds off (`fixed`), or 0 and may be left
 * out (`free-delivery`). The code is kept upper case.
 */
export const CreatePromotionBodySchema = z
  .strictObject(
    {
      code: PromoCodeSchema.transform((code) => code.toUpperCase()),
      description: z
        .string({ error: promotionMessages.description })
        .trim()
        .min(1, { error: promotionMessages.description })
        .max(PROMOTION_DESCRIPTION_MAX_LENGTH, { error: promotionMessages.description })
        .refine((value) => !hasControlCharacter(value), { error: promotionMessages.description }),
      type: z.enum(PROMOTION_TYPES, { error: promotionMessages.type }),
      value: z.number({ error: promotionMessages.percent }).optional(),
      minSpend: pounds(promotionMessages.minSpend, 0.01, 100_000).optional(),
      startsAt: DateTimeSchema.optional(),
      endsAt: DateTimeSchema.optional(),
      maxUses: z
        .number({ error: promotionMessages.maxUses })
        .int({ error: promotionMessages.maxUses })
        .min(1, { error: promotionMessages.maxUses })
        .max(PROMOTION_MAX_USES_MAX, { error: promotionMessages.maxUses })
        .optional(),
      oncePerCustomer: z.boolean({ error: promotionMessages.oncePerCustomer }).default(false),
    },
    { error: promotionMessages.body },
  )
  .superRefine((body, context) => {
    const value = body.value;
    if (body.type === 'percent' && (value === undefined || !Number.isInteger(value) || value < 1 || value > 100))
      context.addIssue({ code: 'custom', path: ['value'], message: promotionMessages.percent });
    if (
      body.type === 'fixed' &&
      (value === undefined ||
        value < 0.01 ||
        value > PROMOTION_FIXED_MAX ||
        Math.abs(value * 100 - Math.round(value * 100)) >= 1e-6)
    )
      context.addIssue({ code: 'custom', path: ['value'], message: promotionMessages.fixed });
    if (body.type === 'free-delivery' && value !== undefined && value !== 0)
      context.addIssue({ code: 'custom', path: ['value'], message: 'A free-delivery code has no value: send 0.' });
    if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt))
      context.addIssue({ code: 'custom', path: ['endsAt'], message: promotionMessages.dates });
  });
export type CreatePromotionBody = z.infer<typeof CreatePromotionBodySchema>;
export type CreatePromotionInput = z.input<typeof CreatePromotionBodySchema>;

/** `PATCH /api/admin/promotions/{id}`: switch it off (or on again). */
export const PatchPromotionBodySchema = z.strictObject(
  { active: z.boolean({ error: promotionMessages.active }) },
  { error: promotionMessages.active },
);

export const PromotionIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** A promotion as the owner's API answers it; `uses` counts the paid orders that used it. */
export const PromotionSchema = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  type: z.enum(PROMOTION_TYPES),
  value: z.number(),
  minSpend: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  oncePerCustomer: z.boolean(),
  uses: z.number().int(),
  active: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Promotion = z.infer<typeof PromotionSchema>;
export const PromotionListSchema = z.array(PromotionSchema);
