// The authenticated caller, as the gateway established it. It travels to services as gRPC metadata;
// services trust it because only the gateway can reach them (see k8s network policy / loopback).
import type { Metadata } from '@grpc/grpc-js';

/** An API key's mode (docs/test-keys.md): test keys never spend quota, credits or a paid model. */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

export function isKeyMode(v: unknown): v is KeyMode {
  return v === 'live' || v === 'test';
}

/** A test key's caller; sessions and live keys are not. */
export function isTestMode(p: Pick<Principal, 'key_mode'> | undefined): boolean {
  return p?.key_mode === 'test';
}

export interface Principal {
  kind: 'api_key' | 'session';
  tenant_id: string;
  user_id: string; // '' for API keys
  key_id: string; // '' for sessions
  scopes: string[];
  plan_tier: string;
  /** API keys only: `test` for an ak_test_ key; absent or `live` otherwise. */
  key_mode?: KeyMode;
  /** Sessions only: the user snapshot carried in the access token (GET /v1/auth/me reads it). */
  user?: SessionUser;
}

export interface SessionUser {
  id: string;
  email: string;
  email_verified: boolean;
  created_at: string;
  last_login_at: string | null;
}

export const PRINCIPAL_METADATA_KEY = 'x-astro-principal';
export const REQUEST_ID_METADATA_KEY = 'x-request-id';

export function writePrincipal(md: Metadata, p: Principal): void {
  md.set(PRINCIPAL_METADATA_KEY, Buffer.from(JSON.stringify(p)).toString('base64url'));
}

export function readPrincipal(md: Metadata): Principal | undefined {
  const raw = md.get(PRINCIPAL_METADATA_KEY)[0];
  if (typeof raw !== 'string' || !raw) return undefined;
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Principal;
  } catch {
    return undefined;
  }
}
