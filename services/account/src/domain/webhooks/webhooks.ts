// Webhook endpoints of the caller's tenant: register (secret shown once), list, read, change, delete,
// roll the secret with an overlap, list deliveries with their attempts, replay one, send a test ping.
// Another tenant's endpoint or delivery is answered exactly like a missing one (404).
import { AppError, invalidRequest, isUuid, uuidv7, type FieldError, type Principal } from '@astro/platform';
import type { Clock } from '../ports.ts';
import { checkWebhookUrl, type AddressPolicy, type Resolver, type UrlRefusal } from './address-policy.ts';
import { isWebhookEventType, PING_EVENT, WEBHOOK_EVENT_TYPES } from './event-types.ts';
import type {
  DeliveryStatus,
  EndpointPatch,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookRepository,
} from './ports.ts';
import { newWebhookSecret } from './signature.ts';

export const URL_MAX = 2048;
export const DESCRIPTION_MAX = 255;
export const DELIVERIES_DEFAULT_LIMIT = 50;
export const DELIVERIES_MAX_LIMIT = 100;
const STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed'];

export interface WebhookSettings {
  /** Most endpoints per tenant. */
  maxEndpoints: number;
  /** How long the previous secret keeps signing after a roll. */
  secretOverlapMs: number;
  policy: AddressPolicy;
  resolve: Resolver;
}

/** An endpoint as answered: never the stored secrets; `secret` only right after create or roll. */
export interface WebhookView {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
  previous_secret_expires_at: string | null;
  secret?: string;
}

export function webhookView(row: WebhookEndpointRow, now: Date, secret?: string): WebhookView {
  const overlapping = row.previous_expires_at !== null && row.previous_expires_at > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    previous_secret_expires_at: overlapping ? row.previous_expires_at!.toISOString() : null,
    ...(secret === undefined ? {} : { secret }),
  };
}

const REFUSAL_MESSAGES: Record<UrlRefusal['reason'], string> = {
  malformed: 'The webhook URL is not a valid absolute URL.',
  scheme: 'The webhook URL must use http or https.',
  credentials: 'The webhook URL must not carry a user name or password.',
  unresolvable: 'The webhook URL host does not resolve to any address.',
  private_address:
    'The webhook URL reaches a private, loopback, link-local or otherwise reserved address; webhooks only call public addresses.',
};

export class Webhooks {
  constructor(
    private readonly deps: { repo: WebhookRepository; clock: Clock },
    private readonly settings: WebhookSettings,
  ) {}

  async create(
    caller: Principal,
    req: { url?: string; events?: string[]; description?: string },
  ): Promise<WebhookView> {
    const errors: FieldError[] = [];
    const url = this.urlField(req.url, errors, true);
    const events = this.eventsField(req.events, errors, true);
    const description = this.descriptionField(req.description, errors);
    if (errors.length) throw invalidRequest(errors);
    await this.assertUrlAllowed(url!);
    const now = this.deps.clock.now();
    const secret = newWebhookSecret();
    const row: WebhookEndpointRow = {
      id: uuidv7(),
      tenant_id: caller.tenant_id,
      url: url!,
      description: description ?? '',
      events: events!,
      enabled: true,
      secret,
      previous_secret: null,
      previous_expires_at: null,
      created_at: now,
      updated_at: now,
    };
    if (!(await this.deps.repo.createWithinLimit(row, this.settings.maxEndpoints)))
      throw new AppError(
        'webhook_limit_reached',
        `A tenant can register at most ${this.settings.maxEndpoints} webhook endpoints; delete one first.`,
        { limit: this.settings.maxEndpoints },
      );
    return webhookView(row, now, secret);
  }

  async list(caller: Principal): Promise<WebhookView[]> {
    const now = this.deps.clock.now();
    return (await this.deps.repo.list(caller.tenant_id)).map((r) => webhookView(r, now));
  }

  async get(caller: Principal, id: string): Promise<WebhookView> {
    return webhookView(await this.endpoint(caller, id), this.deps.clock.now());
  }

  async update(
    caller: Principal,
    id: string,
    req: { url?: string; events?: string[]; description?: string; enabled?: boolean },
  ): Promise<WebhookView> {
    await this.endpoint(caller, id);
    const errors: FieldError[] = [];
    const patch: EndpointPatch = {};
    if (req.url !== undefined) patch.url = this.urlField(req.url, errors, true);
    // An empty list in a PATCH means "not sent" (proto3 repeated fields have no presence).
    if (req.events !== undefined && req.events.length > 0) patch.events = this.eventsField(req.events, errors, true);
    if (req.description !== undefined) patch.description = this.descriptionField(req.description, errors);
    if (req.enabled !== undefined) patch.enabled = req.enabled;
    if (errors.length) throw invalidRequest(errors);
    if (patch.url !== undefined) await this.assertUrlAllowed(patch.url);
    const now = this.deps.clock.now();
    const row = await this.deps.repo.update(id, caller.tenant_id, patch, now);
    if (!row) throw new AppError('webhook_not_found');
    return webhookView(row, now);
  }

  async delete(caller: Principal, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.deps.repo.delete(id, caller.tenant_id))) throw new AppError('webhook_not_found');
  }

  async rollSecret(caller: Principal, id: string): Promise<WebhookView> {
    await this.endpoint(caller, id);
    const now = this.deps.clock.now();
    const secret = newWebhookSecret();
    const row = await this.deps.repo.rollSecret(
      id,
      caller.tenant_id,
      secret,
      new Date(now.getTime() + this.settings.secretOverlapMs),
      now,
    );
    if (!row) throw new AppError('webhook_not_found');
    return webhookView(row, now, secret);
  }

  async deliveries(
    caller: Principal,
    id: string,
    query: { status?: string; limit?: number },
  ): Promise<WebhookDeliveryRow[]> {
    const errors: FieldError[] = [];
    if (query.status !== undefined && !STATUSES.includes(query.status as DeliveryStatus))
      errors.push({ field: 'status', reason: 'invalid_enum', message: `status must be one of ${STATUSES.join(', ')}` });
    const limit = query.limit ?? DELIVERIES_DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > DELIVERIES_MAX_LIMIT)
      errors.push({ field: 'limit', reason: 'out_of_range', message: `limit must be 1-${DELIVERIES_MAX_LIMIT}` });
    await this.endpoint(caller, id);
    if (errors.length) throw invalidRequest(errors);
    return this.deps.repo.listDeliveries(id, caller.tenant_id, (query.status as DeliveryStatus) ?? null, limit);
  }

  async replay(caller: Principal, id: string, deliveryId: string): Promise<WebhookDeliveryRow> {
    await this.endpoint(caller, id);
    const row = isUuid(deliveryId)
      ? await this.deps.repo.replay(deliveryId, id, caller.tenant_id, this.deps.clock.now())
      : null;
    if (!row) throw new AppError('webhook_delivery_not_found');
    return row;
  }

  async test(caller: Principal, id: string): Promise<WebhookDeliveryRow> {
    await this.endpoint(caller, id);
    const now = this.deps.clock.now();
    const row = await this.deps.repo.enqueueFor(
      id,
      caller.tenant_id,
      { id: `evt_${uuidv7()}`, type: PING_EVENT, tenantId: caller.tenant_id, createdAt: now, data: { webhook_id: id } },
      now,
    );
    if (!row) throw new AppError('webhook_not_found');
    return row;
  }

  private async endpoint(caller: Principal, id: string): Promise<WebhookEndpointRow> {
    // A malformed id cannot name an endpoint: the same 404 as another tenant's.
    const row = isUuid(id) ? await this.deps.repo.find(id, caller.tenant_id) : null;
    if (!row) throw new AppError('webhook_not_found');
    return row;
  }

  private urlField(v: string | undefined, errors: FieldError[], required: boolean): string | undefined {
    if (v === undefined || v === '') {
      if (required) errors.push({ field: 'url', reason: 'required', message: 'url is required' });
      return undefined;
    }
    if (v.length > URL_MAX)
      errors.push({ field: 'url', reason: 'too_long', message: `url: at most ${URL_MAX} characters` });
    return v;
  }

  private eventsField(v: string[] | undefined, errors: FieldError[], required: boolean): string[] | undefined {
    if (!v || v.length === 0) {
      if (required) errors.push({ field: 'events', reason: 'required', message: 'events: at least one event type' });
      return undefined;
    }
    const unknown = v.filter((e) => !isWebhookEventType(e));
    if (unknown.length)
      errors.push({
        field: 'events',
        reason: 'unknown_event_type',
        message: `events: unknown type(s) ${unknown.join(', ')}; known: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      });
    return [...new Set(v)].sort();
  }

  private descriptionField(v: string | undefined, errors: FieldError[]): string | undefined {
    if (v !== undefined && v.length > DESCRIPTION_MAX)
      errors.push({
        field: 'description',
        reason: 'too_long',
        message: `description: at most ${DESCRIPTION_MAX} characters`,
      });
    return v;
  }

  private async assertUrlAllowed(url: string): Promise<void> {
    const refusal = await checkWebhookUrl(url, this.settings.policy, this.settings.resolve);
    if (refusal) throw new AppError('webhook_url_not_allowed', REFUSAL_MESSAGES[refusal.reason], { ...refusal });
  }
}
