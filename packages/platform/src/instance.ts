// This process's identity as its health answers report it (gRPC health metadata, the gateway's
// /healthz), so a launcher can tell the process it started from another one holding the same port.
// The launcher sets INSTANCE_ID; elsewhere (Kubernetes) a random one per process start.
import { randomBytes } from 'node:crypto';

export const INSTANCE_ID = process.env.INSTANCE_ID || randomBytes(8).toString('hex');

/** gRPC response metadata key that carries INSTANCE_ID on every answer of a platform gRPC server. */
export const INSTANCE_METADATA_KEY = 'x-instance-id';
