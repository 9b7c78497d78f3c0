// The LISTEN side of the PostgreSQL bus: one dedicated connection (LISTEN needs a session that stays
// out of the pool) that turns NOTIFYs into wake-ups. Losing it only costs latency, because consumers
// also poll, so it reconnects in the background instead of failing anything. The chart service's read
// cache hears its replicas' deletes on one too (it stops answering from memory while `listening` is off).
import pg from 'pg';
import type { BusLogger } from './event-bus';

export interface PgNotifyListenerConfig {
  connectionString: string;
  channel: string;
  onNotify: (payload: string) => void;
  /** Called after a reconnect: notifications sent while disconnected are lost, so look everywhere. */
  onReconnect: () => void;
  /** Called when the connection is lost (notifications stop until onReconnect). */
  onLost?: () => void;
  logger: BusLogger;
  /** The session's application_name (pg_stat_activity). */
  applicationName?: string;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export class PgNotifyListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectDelay = RECONNECT_MIN_MS;
  private connecting: Promise<void> | null = null;

  constructor(private readonly config: PgNotifyListenerConfig) {}

  /** True while LISTEN is in place: every NOTIFY committed from now on will arrive. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Connects and LISTENs; on failure logs and keeps retrying in the background (never rejects). */
  start(): Promise<void> {
    this.connecting ??= this.connect(false).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await this.connecting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(isReconnect: boolean): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.config.connectionString,
      application_name: this.config.applicationName ?? 'event-bus:listen',
    });
    client.on('error', (err) => this.onLost(client, err));
    client.on('end', () => this.onLost(client, new Error('connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === this.config.channel && msg.payload !== undefined) this.config.onNotify(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.config.channel)}`);
    } catch (err) {
      // Never log the connection string: it may carry a password.
      this.config.logger.warn('event bus listener could not connect; relying on polling', {
        channel: this.config.channel,
        error: err instanceof Error ? err.message : String(err),
      });
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
    if (isReconnect) {
      this.config.logger.info('event bus listener reconnected');
      this.config.onReconnect();
    }
  }

  private onLost(client: pg.Client, err: Error): void {
    if (this.client !== client || this.stopped) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    this.config.logger.warn('event bus listener lost its connection; reconnecting', {
      channel: this.config.channel,
      error: err.message,
    });
    this.config.onLost?.();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(RECONNECT_MAX_MS, this.reconnectDelay * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connecting ??= this.connect(true).finally(() => {
        this.connecting = null;
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}
