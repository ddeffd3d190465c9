/**
 * Adds `app.auth` (password hashing, session tokens, keyed hashes for signup codes), `request.customer`, and
 * `app.requireCustomer`, the hook a route names to admit only a logged-in customer (decision 023). Each token names a
 * session kept on the server (decision 101): logging out ends it, and staff and admin sessions end when idle or old.
 */
import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Role } from '#shared/schemas/user';
import { staffMessages } from '#shared/schemas/staff';
import type { Config } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import { readOrCreateSecret } from '../../lib/secret-file.ts';
import type { UserRecord } from './user-repository.ts';

/** A session token's lifetime (decision 023). */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** A staff or admin session ends after this long without a request (decision 101). */
export const STAFF_SESSION_IDLE_SECONDS = 30 * 60;
/** A staff or admin session ends this long after its login, however busy (decision 101). */
export const STAFF_SESSION_MAX_SECONDS = 12 * 60 * 60;
const ISSUER = 'roastandco';
const AUDIENCE = 'roastandco-shop';

/** The logged-in account a route sees: a shopper, or the shop's staff (`role` staff or admin). */
export interface Customer {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface Auth {
  hashPassword(password: string): Promise<string>;
  /** Always does a full hash's work, even without a stored hash, so an unknown address answers as slowly as a known one. */
  verifyPassword(storedHash: string | undefined, password: string): Promise<boolean>;
  /** A new session on the server and its token; the token carries the session's id as `jti`. */
  issueSessionToken(user: Pick<UserRecord, 'id' | 'tokenVersion'>): Promise<string>;
  /**
   * A signup code's keyed hash, bound to its signup attempt: a stolen table does not give up the codes (there are
   * only a million), and a code checked against another attempt's id does not match (decision 043).
   */
  hashSignupCode(attemptId: string, code: string): string;
  /** False for an attempt that has no code (null); the hash is computed all the same, so both take as long. */
  signupCodeMatches(storedHash: string | null, attemptId: string, code: string): boolean;
  /** 32 bytes for `purpose`, derived from the session secret and never the session key itself (decision 103). */
  deriveKey(purpose: string): Buffer;
  /** A keyed hash of a client network (login-protection.ts), so the database holds no addresses. */
  hashNetwork(network: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** An onRequest/preHandler hook: 401 unless the request carries a live session token. */
    requireCustomer(request: FastifyRequest): Promise<void>;
    /**
     * An onRequest hook for routes open to guests too: a bearer token makes the request a customer's (and a bad one
     * answers 401, as with `requireCustomer`); without one, `request.customer` stays null.
     */
    identifyCustomer(request: FastifyRequest): Promise<void>;
    /**
     * An onRequest hook for the owner's routes: 401 as `requireCustomer`, then 403 unless the account is an admin, or
     * staff on a route whose config says `staff: true` (decision 097).
     */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
  interface FastifyContextConfig {
    /** An owner's route that staff may use too (orders, packing, messages, reviews); every other is the admin's. */
    staff?: boolean;
  }
  interface FastifyRequest {
    /** The logged-in customer on routes that use `app.requireCustomer`; null elsewhere. */
    customer: Customer | null;
    /** The session the request's token names, beside `customer` (logging out ends it). */
    sessionId: string | null;
  }
}

export const loginRequiredMessage = 'Please log in to continue.';
export const sessionEndedMessage = 'Your session has ended. Please log in again.';
export const adminOnlyMessage = "This part of the shop is for the shop's staff. Log in with an admin account.";

/** A password as the database keeps it (Argon2id, the library's defaults). */
export const hashPassword = (password: string): Promise<string> => argon2Hash(password);

/** SHA-256 of a password-reset token: the database keeps only this. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface AuthPluginOptions {
  config: Pick<Config, 'jwtSecret' | 'dataDir' | 'databaseUrl'>;
}

export default fp<AuthPluginOptions>(
  async (app, { config }) => {
    let secret = config.jwtSecret;
    if (!secret) {
      const file = path.join(config.dataDir, 'jwt-secret');
      secret = await readOrCreateSecret(file);
      if (config.databaseUrl) {
        app.log.warn(
          { file },
          'JWT_SECRET is not set: session tokens are signed with a secret from the data folder; every server process on this database needs the same JWT_SECRET',
        );
      }
    }
    // A KeyObject made once: given raw bytes, jose imports the key again on every sign and verify.
    const sessionKey = createSecretKey(Buffer.from(secret, 'utf8'));
    // A separate key for codes, so the session key is never used for anything else.
    const codeKey = createHmac('sha256', secret).update('signup-code-key').digest();
    const networkKey = createHmac('sha256', secret).update('login-network-key').digest();
    // Hashed once at start-up: verifying against it costs what a real check costs.
    const decoyHash = await argon2Hash(randomBytes(16).toString('hex'));

    const auth: Auth = {
      hashPassword,
      async verifyPassword(storedHash, password) {
        try {
          const matches = await argon2Verify(storedHash ?? decoyHash, password);
          return storedHash !== undefined && matches;
        } catch (error) {
          app.log.error({ err: error }, 'stored password hash could not be read');
          return false;
        }
      },
      async issueSessionToken(user) {
        const sessionId = randomBytes(24).toString('base64url');
        await app.sessionRepository.create({
          id: sessionId,
          userId: user.id,
          lifetimeSeconds: SESSION_LIFETIME_SECONDS,
        });
        return new SignJWT({ ver: user.tokenVersion })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setJti(sessionId)
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(`${SESSION_LIFETIME_SECONDS}s`)
          .sign(sessionKey);
      },
      hashSignupCode: (attemptId, code) => createHmac('sha256', codeKey).update(`${attemptId}:${code}`).digest('hex'),
      deriveKey: (purpose) => createHmac('sha256', secret).update(purpose).digest(),
      hashNetwork: (network) => createHmac('sha256', networkKey).update(network).digest('base64url'),
      signupCodeMatches(storedHash, attemptId, code) {
        const expected = Buffer.from(storedHash ?? '', 'hex');
        const actual = Buffer.from(auth.hashSignupCode(attemptId, code), 'hex');
        return expected.length === actual.length && timingSafeEqual(expected, actual);
      },
    };

    /** The customer a bearer token names and its session, or undefined when there is none. */
    async function customerFromToken(token: string): Promise<{ customer: Customer; sessionId: string } | undefined> {
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(token, sessionKey, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'jti'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
      if (typeof claims.sub !== 'string' || typeof claims.ver !== 'number' || typeof claims.jti !== 'string')
        return undefined;
      const session = await app.sessionRepository.find(claims.jti, claims.sub);
      // Logged out, a deleted account, or a token from before the last password change.
      if (!session || session.user.tokenVersion !== claims.ver) return undefined;
      const { user } = session;
      if (user.role === 'staff' || user.role === 'admin') {
        if (session.idleSeconds > STAFF_SESSION_IDLE_SECONDS || session.ageSeconds > STAFF_SESSION_MAX_SECONDS) {
          await app.sessionRepository.delete(claims.jti);
          return undefined;
        }
        await app.sessionRepository.touch(claims.jti);
      }
      return {
        customer: { id: user.id, name: user.name, email: user.email, role: user.role },
        sessionId: claims.jti,
      };
    }

    app.decorate('auth', auth);
    app.decorateRequest('customer', null);
    app.decorateRequest('sessionId', null);
    app.decorate('requireCustomer', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
      if (!match?.[1]) {
        request.log.info('no session token');
        throw new HttpError(401, loginRequiredMessage);
      }
      const session = await customerFromToken(match[1]);
      if (!session) {
        request.log.info('refused session token');
        throw new HttpError(401, sessionEndedMessage);
      }
      request.customer = session.customer;
      request.sessionId = session.sessionId;
    });
    app.decorate('identifyCustomer', async (request: FastifyRequest) => {
      if (request.headers.authorization !== undefined) await app.requireCustomer(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await app.requireCustomer(request);
      const role = request.customer?.role;
      if (role === 'admin' || (role === 'staff' && request.routeOptions.config.staff === true)) return;
      request.log.info({ role }, 'refused on an admin route');
      throw new HttpError(403, role === 'staff' ? staffMessages.ownerOnly : adminOnlyMessage);
    });
  },
  { name: 'auth', dependencies: ['account-repositories'] },
);
