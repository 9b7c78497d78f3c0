// API key management for the caller's tenant: create (plaintext returned once), list, revoke.
import {
  AppError,
  isScope,
  fieldErrorsAnswer,
  isKeyMode,
  isUuid,
  PLANS,
  uuidv7,
  type FieldError,
  type KeyMode,
  type Principal,
} from '@astro/platform';
import { generateApiKey } from './api-key-format.ts';
import { parseAwareDateTime } from './datetime.ts';
import type { ApiKeyRepository, Clock } from './ports.ts';
import { sha256Hex } from './secrets.ts';
import type { TenantProvisioner } from './tenant-provisioner.ts';
import { apiKeyView, type ApiKeyView } from './views.ts';

export const KEY_NAME_MAX = 255;
/** Metadata is for labels, not storage; this bounds what every list response has to carry. */
export const METADATA_MAX_BYTES = 16 * 1024;

export interface CreateKeyInput {
  name?: unknown;
  scopes?: unknown;
  expires_at?: unknown;
  metadata?: unknown;
  mode?: unknown;
}

export interface ApiKeyDeps {
  apiKeys: ApiKeyRepository;
  tenants: TenantProvisioner;
  clock: Clock;
}

/** Who created a key, as stored in created_by. */
export function creatorOf(p: Principal): string {
  return p.kind === 'api_key' ? `api_key:${p.key_id}` : `user:${p.user_id}`;
}

interface ValidKeyInput {
  name: string;
  scopes: string[];
  expiresAt: Date | null;
  metadata: Record<string, unknown>;
  mode: KeyMode;
}

/** Field validation (422 invalid_request, then 422 invalid_scope); pure. */
export function validateCreateKey(input: CreateKeyInput, now: Date): ValidKeyInput {
  const errors: FieldError[] = [];
  const { name, scopes, expires_at, metadata, mode } = input;
  if (name === undefined || name === null)
    errors.push({ field: 'name', reason: 'required', message: 'name is required' });
  else if (typeof name !== 'string') errors.push({ field: 'name', reason: 'type', message: 'name must be a string' });
  else if (name.length < 1 || name.length > KEY_NAME_MAX) {
    errors.push({ field: 'name', reason: 'length', message: `name must be 1-${KEY_NAME_MAX} characters` });
  }
  if (scopes === undefined || scopes === null)
    errors.push({ field: 'scopes', reason: 'required', message: 'scopes is required' });
  else if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string')) {
    errors.push({ field: 'scopes', reason: 'type', message: 'scopes must be an array of strings' });
  } else if (scopes.length === 0)
    errors.push({ field: 'scopes', reason: 'empty', message: 'scopes must name at least one scope' });
  let expiresAt: Date | null = null;
  if (expires_at !== undefined && expires_at !== null && expires_at !== '') {
    if (typeof expires_at !== 'string')
      errors.push({ field: 'expires_at', reason: 'type', message: 'expires_at must be an ISO 8601 string' });
    else {
      const parsed = parseAwareDateTime(expires_at);
      if (!parsed.ok) {
        // A naive one answers the API-wide naive-datetime code (fieldErrorsAnswer below).
        const message =
          parsed.reason === 'naive_datetime'
            ? 'expires_at must carry a timezone offset (e.g. Z or +02:00)'
            : 'expires_at is not an ISO 8601 date-time';
        errors.push({ field: 'expires_at', reason: parsed.reason, message });
      } else if (parsed.date.getTime() <= now.getTime()) {
        errors.push({ field: 'expires_at', reason: 'in_past', message: 'expires_at must be in the future' });
      } else expiresAt = parsed.date;
    }
  }
  let meta: Record<string, unknown> = {};
  if (metadata !== undefined && metadata !== null) {
    if (typeof metadata !== 'object' || Array.isArray(metadata)) {
      errors.push({ field: 'metadata', reason: 'type', message: 'metadata must be an object' });
    } else if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES) {
      errors.push({
        field: 'metadata',
        reason: 'too_large',
        message: `metadata must be at most ${METADATA_MAX_BYTES} bytes as JSON`,
      });
    } else meta = metadata as Record<string, unknown>;
  }
  // Omitted, null or '' (proto3's unset string) = live, the mode every key had before test keys.
  const keyMode: KeyMode = mode === undefined || mode === null || mode === '' ? 'live' : (mode as KeyMode);
  if (!isKeyMode(keyMode)) errors.push({ field: 'mode', reason: 'invalid_enum', message: 'mode must be live or test' });
  if (errors.length) throw fieldErrorsAnswer(errors);
  const unique = [...new Set(scopes as string[])];
  const invalid = unique.filter((s) => !isScope(s));
  if (invalid.length) throw new AppError('invalid_scope', `Unknown scope: ${invalid.join(', ')}.`, { invalid });
  return { name: name as string, scopes: unique.sort(), expiresAt, metadata: meta, mode: keyMode };
}

export class ApiKeys {
  constructor(private readonly deps: ApiKeyDeps) {}

  async create(caller: Principal, input: CreateKeyInput): Promise<ApiKeyView> {
    const now = this.deps.clock.now();
    const valid = validateCreateKey(input, now);
    // keys:manage must not be a path to admin: only a caller who already holds admin can mint it.
    if (valid.scopes.includes('admin') && !caller.scopes.includes('admin')) throw new AppError('admin_scope_forbidden');
    await this.deps.tenants.ensure(caller, now);
    const generated = generateApiKey(undefined, valid.mode);
    const outcome = await this.deps.apiKeys.createWithinLimit(
      {
        id: uuidv7(),
        tenant_id: caller.tenant_id,
        name: valid.name,
        key_prefix: generated.key_prefix,
        key_last4: generated.key_last4,
        key_hash: sha256Hex(generated.plaintext),
        scopes: valid.scopes,
        created_by: creatorOf(caller),
        created_at: now,
        last_used_at: null,
        expires_at: valid.expiresAt,
        revoked_at: null,
        metadata: valid.metadata,
        mode: valid.mode,
      },
      now,
    );
    if (outcome.status === 'no_tenant') throw new AppError('tenant_not_found');
    if (outcome.status === 'limit_reached') {
      throw new AppError(
        'api_key_limit_reached',
        `The ${PLANS[outcome.plan].display_name} plan allows ${outcome.limit} active API key${outcome.limit === 1 ? '' : 's'}; revoke one or upgrade.`,
        { plan: outcome.plan, limit: outcome.limit },
      );
    }
    return apiKeyView(outcome.key, generated.plaintext);
  }

  async list(caller: Principal, includeRevoked: boolean): Promise<ApiKeyView[]> {
    const rows = await this.deps.apiKeys.list(caller.tenant_id, includeRevoked);
    return rows.map((k) => apiKeyView(k));
  }

  async revoke(caller: Principal, id: string): Promise<ApiKeyView> {
    // A malformed id cannot name a key; it gets the same 404 as another tenant's key.
    if (!isUuid(id)) throw new AppError('api_key_not_found');
    const row = await this.deps.apiKeys.revoke(id, caller.tenant_id, this.deps.clock.now());
    if (!row) throw new AppError('api_key_not_found');
    return apiKeyView(row);
  }
}
