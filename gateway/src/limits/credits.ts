// Spending a pay-as-you-go credit: the balance lives in the account service's database (credits are
// bought through billing and never expire), so every replica spends from one balance. Only requests
// past a quota get here.
import type protobuf from 'protobufjs';
import { internalTarget, type Backends } from '../backends.ts';
import type { CreditSpender } from './limiter.ts';

export function creditSpender(backends: Backends, root: protobuf.Root, deadlineMs: number): CreditSpender {
  const target = internalTarget(root, 'astro.account.v1.BillingInternalService', 'ConsumeCredit');
  return async (tenantId, requestId) => {
    const r = await backends.unary(target, { tenant_id: tenantId }, { requestId, deadlineMs });
    return { ok: Boolean(r.ok), remaining: Number(r.remaining ?? 0) };
  };
}
