// The ports the use cases need. store/ implements the repositories with Prisma, mail/ the mailer;
// tests can pass in-memory fakes. Multi-row changes that must be atomic are single methods here, so
// the domain never sees a transaction.
import type { PlanTier } from '@astro/platform';
import type {
  ActiveStatus,
  ApiKeyAuthRow,
  ApiKeyRecord,
  EmailCodeRecord,
  PasswordResetRecord,
  RefreshTokenRecord,
  SessionStateRow,
  TenantRecord,
  UserRecord,
  UserWithTenant,
} from './types.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
  }
}

export interface UserRepository {
  /** Inserts both rows atomically; throws EmailTakenError when the e-mail exists (unique index). */
  createWithTenant(tenant: TenantRecord, user: UserRecord): Promise<void>;
  findByEmail(email: string): Promise<UserWithTenant | null>;
  findById(id: string): Promise<UserWithTenant | null>;
  listByTenant(tenantId: string): Promise<UserRecord[]>;
  sessionState(userId: string): Promise<SessionStateRow | null>;
  setLastLogin(id: string, at: Date): Promise<void>;
  setVerificationSentAt(id: string, at: Date | null): Promise<void>;
  /** Sets verification_sent_at = now unless a send happened after `notAfter`; false when it did. */
  claimResendSlot(id: string, now: Date, notAfter: Date): Promise<boolean>;
  /** New password hash, sessions_revoked_at = at, every refresh token revoked: one transaction. */
  setPasswordAndRevokeSessions(id: string, passwordHash: string, at: Date): Promise<void>;
  setAdmin(id: string, admin: boolean): Promise<void>;
  setStatus(id: string, status: ActiveStatus): Promise<void>;
}

export interface TenantRepository {
  findById(id: string): Promise<TenantRecord | null>;
  /** Returns the row, creating it from `blank` when absent (concurrent creators get the same row). */
  ensure(blank: TenantRecord): Promise<TenantRecord>;
  /** null when the row is gone. */
  setPlan(id: string, tier: PlanTier, at: Date): Promise<TenantRecord | null>;
  setStatus(id: string, status: ActiveStatus): Promise<TenantRecord | null>;
}

export interface RefreshTokenRepository {
  create(row: RefreshTokenRecord): Promise<void>;
  findByHash(tokenHash: string): Promise<RefreshTokenRecord | null>;
  /** Marks `oldId` consumed and inserts `next` atomically; false when `oldId` was no longer live. */
  rotate(oldId: string, next: RefreshTokenRecord, at: Date): Promise<boolean>;
  revokeFamily(familyId: string, at: Date): Promise<void>;
}

export interface EmailCodeRepository {
  create(row: EmailCodeRecord): Promise<void>;
  /** The newest code of the user that is unconsumed, unexpired and under the attempt limit. */
  findLive(userId: string, now: Date): Promise<EmailCodeRecord | null>;
  /** Counts one attempt if the code is still live; false when it was not. */
  claimAttempt(id: string, now: Date, maxAttempts: number): Promise<boolean>;
  /** Consumes the code and marks the user verified atomically; false when it was no longer live. */
  consumeAndVerify(id: string, userId: string, now: Date): Promise<boolean>;
  /** Kills every other unconsumed code of the user (a new code replaces the old ones). */
  supersede(userId: string, keepId: string, now: Date): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface PasswordResetRepository {
  create(row: PasswordResetRecord): Promise<void>;
  findByHash(tokenHash: string): Promise<PasswordResetRecord | null>;
  /**
   * Uses the link, sets the password, revokes every session and every other open link: one
   * transaction. False when the link was used concurrently.
   */
  completeReset(resetId: string, userId: string, passwordHash: string, at: Date): Promise<boolean>;
}

export type CreateKeyOutcome =
  | { status: 'created'; key: ApiKeyRecord }
  | { status: 'limit_reached'; plan: PlanTier; limit: number }
  | { status: 'no_tenant' };

export interface ApiKeyRepository {
  /**
   * Inserts `row` unless the tenant already holds its plan's number of active keys (plan-rules.ts
   * activeKeyLimit / keyLimitReached). Serialised per tenant (row lock), so two concurrent creates
   * cannot both take the last slot.
   */
  createWithinLimit(row: ApiKeyRecord, now: Date): Promise<CreateKeyOutcome>;
  list(tenantId: string, includeRevoked: boolean): Promise<ApiKeyRecord[]>;
  findInTenant(id: string, tenantId: string): Promise<ApiKeyRecord | null>;
  /** Sets revoked_at unless already set; returns the row as it now is (null when absent). */
  revoke(id: string, tenantId: string, at: Date): Promise<ApiKeyRecord | null>;
  findForAuth(keyHash: string): Promise<ApiKeyAuthRow | null>;
  touchLastUsed(id: string, at: Date): Promise<void>;
  countActive(tenantId: string, now: Date): Promise<number>;
}

export interface AuditRepository {
  record(entry: { action: string; target: string; params: Record<string, unknown>; at: Date }): Promise<void>;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Short tag for logs and mailbox file names (verification, password_reset). */
  kind: string;
}

export interface Mailer {
  /** Resolves once the mail server (or mailbox) accepted the message; rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}
