/**
 * Per-account protection that a stranger cannot turn against the account's owner (decision 102). Each account
 * remembers the networks it has logged in from; a login, signup or reset request naming an e-mail is marked as coming
 * from one of them or not, so the routes' limits per e-mail count only requests from other networks. A stranger can
 * use up that count, but the owner, from a network they have logged in from before, is never refused for it.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `markKnownNetwork`: the request comes from a network its e-mail's account has logged in from. */
    fromKnownNetwork: boolean;
  }
}

/** A network stays the owner's this long after its last login from it; older ones are forgotten. */
export const KNOWN_NETWORK_DAYS = 90;

/** One household or office: an IPv4 address, or the /64 of an IPv6 one (what one line is given). */
export function networkOf(ip: string): string {
  return normalizeIP(ip, 64);
}

export interface LoginProtection {
  /** A preHandler that sets `request.fromKnownNetwork` for the e-mail `emailOf` reads from the request. */
  markKnownNetwork(emailOf: (request: FastifyRequest) => string): (request: FastifyRequest) => Promise<void>;
  /** Remembers the request's network as the account's own: after a login, or a reset by a mailed link. */
  remember(userId: string, request: FastifyRequest): Promise<void>;
}

export function createLoginProtection(app: FastifyInstance): LoginProtection {
  const { auth, sessionRepository } = app;
  const networkKey = (request: FastifyRequest) => auth.hashNetwork(networkOf(request.ip));
  return {
    markKnownNetwork: (emailOf) => async (request) => {
      request.fromKnownNetwork = await sessionRepository.isKnownNetwork(
        emailOf(request),
        networkKey(request),
        KNOWN_NETWORK_DAYS,
      );
    },
    remember: (userId, request) => sessionRepository.rememberNetwork(userId, networkKey(request), KNOWN_NETWORK_DAYS),
  };
}
