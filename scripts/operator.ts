// Operator CLI (DESIGN.md §6b): talks gRPC to the account service's OperatorService, which the public
// gateway never routes. Every action is audited by the service and logged here.
//   npm run operator -- grant-admin alice@example.com
//   npm run operator -- set-plan alice@example.com pro
//   npm run operator -- pause-user|resume-user|pause-tenant|resume-tenant alice@example.com
//   npm run operator -- show alice@example.com
//   npm run operator -- grant-credits alice@example.com 1000   (support grants: no payment)
//   npm run operator -- list-parked                    (bus events consumers gave up on: ids, errors)
//   npm run operator -- replay-parked <parked-id|--all> (publish them again with their original ids)
// ACCOUNT_ADDR (default 127.0.0.1:50051) says where the account service listens.
import * as grpc from '@grpc/grpc-js';
import {
  OperatorServiceClient,
  type OperatorTarget,
  type ParkedEventList,
  type TenantState,
} from '@astro/protos/astro/account/v1/account';
import { BillingInternalServiceClient } from '@astro/protos/astro/account/v1/billing';
import { unary } from '@astro/platform';

const USAGE =
  'usage: operator <grant-admin|revoke-admin|set-plan|pause-user|resume-user|pause-tenant|resume-tenant|show|grant-credits> <email|tenant-id> [tier|credits]\n' +
  '       operator list-parked | replay-parked <parked-id|--all>';

export async function runOperator(args: string[], address: string): Promise<TenantState | ParkedEventList> {
  const [cmd, who, extra] = args;
  if (cmd === 'list-parked' || cmd === 'replay-parked') return parkedCommand(cmd, who, address);
  if (!cmd || !who) throw new Error(USAGE);
  const target: OperatorTarget = who.includes('@') ? { email: who, tenant_id: '' } : { email: '', tenant_id: who };
  const client = new OperatorServiceClient(address, grpc.credentials.createInsecure());
  try {
    switch (cmd) {
      case 'grant-admin':
      case 'revoke-admin':
        return await unary(client, client.grantAdmin, { target, admin: cmd === 'grant-admin' });
      case 'set-plan':
        if (!extra) throw new Error(USAGE);
        return await unary(client, client.setPlan, { target, plan_tier: extra });
      case 'pause-user':
      case 'resume-user':
      case 'pause-tenant':
      case 'resume-tenant':
        return await unary(client, client.setStatus, {
          target,
          status: cmd.startsWith('pause') ? 'paused' : 'active',
          tenant: cmd.endsWith('tenant'),
        });
      case 'show':
        return await unary(client, client.getTenantState, { target });
      case 'grant-credits': {
        const credits = Number(extra);
        if (!Number.isInteger(credits) || credits < 1) throw new Error(USAGE);
        const billing = new BillingInternalServiceClient(address, grpc.credentials.createInsecure());
        try {
          await unary(billing, billing.grantCredits, { target, credits });
        } finally {
          billing.close();
        }
        return await unary(client, client.getTenantState, { target });
      }
      default:
        throw new Error(USAGE);
    }
  } finally {
    client.close();
  }
}

async function parkedCommand(cmd: string, which: string | undefined, address: string): Promise<ParkedEventList> {
  const client = new OperatorServiceClient(address, grpc.credentials.createInsecure());
  try {
    if (cmd === 'list-parked') return await unary(client, client.listParked, { limit: 1000 });
    if (!which) throw new Error(USAGE);
    const all = which === '--all';
    return await unary(client, client.replayParked, { all, parked_id: all ? '' : which });
  } finally {
    client.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const address = process.env.ACCOUNT_ADDR || '127.0.0.1:50051';
  runOperator(process.argv.slice(2), address)
    .then((state) => {
      console.log(JSON.stringify({ action: process.argv[2], address, state }, null, 2));
    })
    .catch((err: Error) => {
      console.error(`operator: ${err.message}`);
      process.exit(1);
    });
}
