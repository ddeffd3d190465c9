/**
 * Adds `app.promotionAdmin`: the owner making promotion codes and switching them off or on
 * (docs/api.md, The owner's API; decision 096). Every change is one unit of work with its audit row, target
 * `promotion:<CODE>`.
 */
import fp from 'fastify-plugin';
import { penceToPounds, poundsToPence } from '#shared/money';
import { type CreatePromotionBody, type Promotion, promotionMessages } from '#shared/schemas/promotion';
import { HttpError } from '../../errors.ts';
import type { Actor, Audit } from '../admin/index.ts';
import type { UnitOfWork } from '../mail/index.ts';
import type { PromotionRecord, PromotionRepository } from './promotion-repository.ts';

/** Pounds on the wire: a fixed code's pence become pounds; a percentage stays a whole number. */
export function toWirePromotion(promotion: PromotionRecord & { uses: number }): Promotion {
  return {
    _id: promotion.id,
    code: promotion.code,
    description: promotion.description,
    type: promotion.type,
    value: promotion.type === 'fixed' ? penceToPounds(promotion.value) : promotion.value,
    minSpend: promotion.minSpendPence === null ? null : penceToPounds(promotion.minSpendPence),
    startsAt: promotion.startsAt?.toISOString() ?? null,
    endsAt: promotion.endsAt?.toISOString() ?? null,
    maxUses: promotion.maxUses,
    oncePerCustomer: promotion.oncePerCustomer,
    uses: promotion.uses,
    active: promotion.active,
    createdAt: promotion.createdAt.toISOString(),
  };
}

/** What the audit keeps of a promotion: its wire shape without the uses, which change without the owner. */
const audited = (promotion: PromotionRecord) => {
  const { uses: _uses, ...rest } = toWirePromotion({ ...promotion, uses: 0 });
  return rest;
};

export interface PromotionAdminService {
  list(): Promise<Promotion[]>;
  /** 409 when the code is taken in any case. */
  create(body: CreatePromotionBody, actor: Actor): Promise<Promotion>;
  /** 404 when there is no such promotion. */
  setActive(id: string, active: boolean, actor: Actor): Promise<Promotion>;
}

export function createPromotionAdminService(deps: {
  unitOfWork: UnitOfWork;
  promotions: PromotionRepository;
  audit: Pick<Audit, 'record'>;
}): PromotionAdminService {
  return {
    async list() {
      return (await deps.promotions.listWithUses()).map(toWirePromotion);
    },

    async create(body, actor) {
      const created = await deps.unitOfWork(async (tx) => {
        const promotion = await deps.promotions.create(
          {
            code: body.code,
            description: body.description,
            type: body.type,
            value:
              body.type === 'fixed' ? poundsToPence(body.value ?? 0) : body.type === 'percent' ? (body.value ?? 0) : 0,
            minSpendPence: body.minSpend === undefined ? null : poundsToPence(body.minSpend),
            startsAt: body.startsAt ? new Date(body.startsAt) : null,
            endsAt: body.endsAt ? new Date(body.endsAt) : null,
            maxUses: body.maxUses ?? null,
            oncePerCustomer: body.oncePerCustomer,
          },
          tx,
        );
        if (!promotion) throw new HttpError(409, promotionMessages.codeTaken, { field: 'code' });
        await deps.audit.record(tx, {
          actor,
          action: 'promotion.created',
          target: `promotion:${promotion.code}`,
          before: null,
          after: audited(promotion),
        });
        return promotion;
      });
      return toWirePromotion({ ...created, uses: 0 });
    },

    async setActive(id, active, actor) {
      const changed = await deps.unitOfWork(async (tx) => {
        const change = await deps.promotions.setActive(id, active, tx);
        if (!change) throw new HttpError(404, promotionMessages.notFound);
        await deps.audit.record(tx, {
          actor,
          action: active ? 'promotion.switched-on' : 'promotion.switched-off',
          target: `promotion:${change.after.code}`,
          before: { active: change.before.active },
          after: { active: change.after.active },
        });
        return change.after;
      });
      const withUses = await deps.promotions.findWithUses(changed.id);
      return toWirePromotion(withUses ?? { ...changed, uses: 0 });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    promotionAdmin: PromotionAdminService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'promotionAdmin',
      createPromotionAdminService({
        unitOfWork: app.unitOfWork,
        promotions: app.promotionRepository,
        audit: app.audit,
      }),
    );
  },
  { name: 'promotion-admin', dependencies: ['unit-of-work', 'promotion-repository', 'audit'] },
);
