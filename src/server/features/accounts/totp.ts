/**
 * The second login step of staff and admin accounts (`app.totp`; decision 103): TOTP as RFC 6238 has it (SHA-1,
 * 6 digits, 30 s, one step either side), set up and turned off on the account page, with single-use recovery codes.
 * A code is accepted once: its time step is recorded, and an earlier or equal step is refused afterwards. The secret
 * is sealed with AES-256-GCM under a key derived from the session secret, so a copy of the database alone does not
 * give it away; recovery codes are kept as HMACs under another derived key.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Role } from '#shared/schemas/user';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type TotpConfirmAnswer,
  type TotpStartAnswer,
  type TotpStatus,
} from '#shared/schemas/totp';
import { HttpError } from '../../errors.ts';
import type { TotpRepository } from './totp-repository.ts';

export const totpMessages = {
  codeRequired: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`,
  wrongCode: 'That code is not right. Please try again.',
  usedCode: 'That code has already been used. Please wait for the next one.',
  staffOnly: 'Two-step login is for staff and admin accounts.',
  alreadyOn: 'Two-step login is already on. Turn it off first to set it up again.',
  notStarted: 'Please start setting up two-step login first.',
  notOn: 'Two-step login is not on for this account.',
  turnedOn: 'Two-step login is on. Keep your recovery codes somewhere safe: each works once if you lose your phone.',
  turnedOff: 'Two-step login is off.',
  wrongPassword: 'That password is not right, so two-step login is still on.',
  unreadable:
    "Two-step login cannot be checked for this account since the shop's secret key changed. Please ask the shop's owner to turn it off for you.",
};

/** What the app shows as the account's issuer in an authenticator app. */
const ISSUER = 'Roast & Co.';
/** One step either side of now: a phone's clock a little off, or a code typed as it changed. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
/** Recovery codes avoid letters and digits that look alike (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;
const SEAL_VERSION = 'v1';

export interface TotpAccount {
  id: string;
  email: string;
  role: Role;
}

/** The outcome of login's second step once the password was right. */
export type SecondStep = { passed: true } | { passed: false; message: string };

export interface TotpService {
  status(account: TotpAccount): Promise<TotpStatus>;
  start(account: TotpAccount): Promise<TotpStartAnswer>;
  confirm(account: TotpAccount, code: string): Promise<TotpConfirmAnswer>;
  /** Turns the step off once the password and a current code (or a recovery code) are proved. */
  disable(account: TotpAccount, passwordMatches: boolean, code: string): Promise<string>;
  /** Login's second step: passed when the account has none, or `typed` is a fresh code or an unused recovery code. */
  checkLogin(account: { id: string }, typed: string | undefined): Promise<SecondStep>;
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed, compared without case, spaces or dashes. */
function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

export function createTotpService(deps: {
  repository: TotpRepository;
  /** 32 bytes sealing the secrets; bound to each account by its id (the seal's associated data). */
  sealKey: Buffer;
  /** Keys the recovery codes' hashes. */
  recoveryKey: Buffer;
  /** Told when an account's sealed secret no longer opens: the session secret changed since it was sealed. */
  onUnreadable: (userId: string) => void;
}): TotpService {
  const { repository, sealKey, recoveryKey, onUnreadable } = deps;

  function seal(userId: string, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
    cipher.setAAD(Buffer.from(userId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
    return [SEAL_VERSION, ...parts].join('.');
  }

  /** The secret, or undefined when it no longer opens: sealed under another session secret (decision 103). */
  function open(userId: string, sealed: string): string | undefined {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== SEAL_VERSION || !iv || !tag || !body) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** The secret of an account whose step is on; a sealed secret that no longer opens refuses the step with 401. */
  function openInForce(userId: string, sealed: string): string {
    const secret = open(userId, sealed);
    if (secret !== undefined) return secret;
    onUnreadable(userId);
    throw new HttpError(401, totpMessages.unreadable);
  }

  const hashRecoveryCode = (userId: string, typed: string) =>
    createHmac('sha256', recoveryKey)
      .update(`${userId}:${normaliseRecoveryCode(typed)}`)
      .digest('hex');

  /** The time step `code` belongs to, when it is right for the secret within the tolerance. */
  async function stepOf(secret: string, code: string): Promise<number | undefined> {
    if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return undefined;
    const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
    // The functional API also answers HOTP's result shape, which has no time step.
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  function requireStaff(account: TotpAccount) {
    if (account.role !== 'admin' && account.role !== 'staff') throw new HttpError(403, totpMessages.staffOnly);
  }

  /** Whether `typed` passes as a fresh code or an unused recovery code; uses it up if so. */
  async function spendSecondStep(userId: string, sealedSecret: string, lastUsedStep: number | null, typed: string) {
    const code = typed.trim();
    // Checked first, for recovery codes too: their hashes are keyed from the same session secret.
    const secret = openInForce(userId, sealedSecret);
    if (/^\d+$/.test(code)) {
      const step = await stepOf(secret, code);
      if (step === undefined) return { passed: false, message: totpMessages.wrongCode } as const;
      if ((lastUsedStep !== null && step <= lastUsedStep) || !(await repository.spendStep(userId, step)))
        return { passed: false, message: totpMessages.usedCode } as const;
      return { passed: true } as const;
    }
    if (code !== '' && (await repository.spendRecoveryCode(userId, hashRecoveryCode(userId, code))))
      return { passed: true } as const;
    return { passed: false, message: totpMessages.wrongCode } as const;
  }

  return {
    async status(account) {
      const credential = await repository.find(account.id);
      if (!credential?.enabled) return { enabled: false, recoveryCodesLeft: 0 };
      return { enabled: true, recoveryCodesLeft: await repository.countRecoveryCodes(account.id) };
    },

    async start(account) {
      requireStaff(account);
      const secret = generateSecret();
      if (!(await repository.startEnrolment(account.id, seal(account.id, secret))))
        throw new HttpError(409, totpMessages.alreadyOn);
      return { secret, uri: generateURI({ issuer: ISSUER, label: account.email, secret }) };
    },

    async confirm(account, code) {
      requireStaff(account);
      const credential = await repository.find(account.id);
      if (!credential) throw new HttpError(409, totpMessages.notStarted);
      if (credential.enabled) throw new HttpError(409, totpMessages.alreadyOn);
      const secret = open(account.id, credential.sealedSecret);
      // A waiting secret sealed under an earlier session secret is set up afresh, as if never started.
      if (secret === undefined) throw new HttpError(409, totpMessages.notStarted);
      const step = await stepOf(secret, code);
      if (step === undefined) throw new HttpError(400, totpMessages.wrongCode, { field: 'code' });
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = recoveryCodes.map((recoveryCode) => hashRecoveryCode(account.id, recoveryCode));
      // Refused when another request turned it on (or off) meanwhile, or already used this code.
      if (!(await repository.enable(account.id, step, hashes))) throw new HttpError(409, totpMessages.alreadyOn);
      return { message: totpMessages.turnedOn, recoveryCodes };
    },

    async disable(account, passwordMatches, code) {
      if (!passwordMatches) throw new HttpError(401, totpMessages.wrongPassword, { field: 'password' });
      const credential = await repository.find(account.id);
      if (!credential?.enabled) throw new HttpError(409, totpMessages.notOn);
      const checked = await spendSecondStep(account.id, credential.sealedSecret, credential.lastUsedStep, code);
      if (!checked.passed) throw new HttpError(401, checked.message, { field: 'code' });
      await repository.remove(account.id);
      return totpMessages.turnedOff;
    },

    async checkLogin(account, typed) {
      const credential = await repository.find(account.id);
      if (!credential?.enabled) return { passed: true };
      if (typed === undefined || typed.trim() === '') return { passed: false, message: totpMessages.codeRequired };
      return spendSecondStep(account.id, credential.sealedSecret, credential.lastUsedStep, typed);
    },
  };
}
