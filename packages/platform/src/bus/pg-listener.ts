// The LISTEN side of the PostgreSQL bus: one dedicated connection (LISTEN needs a session that stays
// out of the pool) that turns NOTIFYs into wake-ups. Losing it only costs latency, because consumers
// also poll, so it reconnects in the background instead of failing anything. The chart service's read
// cache hears its replicas' deletes on one too (it stops answering from memory while `listening` is off).
// One connection can LISTEN on several channels, and channels can be added while it runs (the bus
// listens on one channel per subscribed topic, so a process hears only the topics it consumes).
import pg from 'pg';
import type { BusLogger } from './event-bus';

export interface PgNotifyListenerConfig {
  connectionString: string;
  /** The channel(s) listened on from the start; listen() adds more. */
  channel: string | string[];
  onNotify: (payload: string, channel: string) => void;
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
  /** Every channel, with its LISTEN on the current connection when listen() added it (for later callers). */
  private readonly channels = new Map<string, Promise<void>>();

  constructor(private readonly config: PgNotifyListenerConfig) {
    // The first ones are listened on when the connection opens.
    for (const c of Array.isArray(config.channel) ? config.channel : [config.channel])
      this.channels.set(c, Promise.resolve());
  }

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

  /**
   * Adds a channel. Resolves once LISTEN is in place on the current connection (a NOTIFY committed
   * from then on arrives), or at once while disconnected: the reconnect LISTENs on every channel.
   * A second caller for the same channel waits for the same LISTEN.
   */
  listen(channel: string): Promise<void> {
    let listening = this.channels.get(channel);
    if (!listening) this.channels.set(channel, (listening = this.listenNow(channel)));
    return listening;
  }

  private async listenNow(channel: string): Promise<void> {
    await this.connecting;
    const client = this.client;
    if (!client) return;
    try {
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      // The connection broke meanwhile: onLost reconnects, and the reconnect listens on every channel.
      this.config.logger.warn('event bus listener could not add a channel; relying on the reconnect', {
        channel,
        error: err instanceof Error ? err.message : String(err),
      });
    }
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
      if (this.channels.has(msg.channel)) this.config.onNotify(msg.payload ?? '', msg.channel);
    });
    try {
      await client.connect();
      // One round trip for every channel known now; one added during it is listened on by listen().
      const known = [...this.channels.keys()];
      if (known.length > 0) await client.query(known.map((c) => `LISTEN ${pg.escapeIdentifier(c)}`).join('; '));
    } catch (err) {
      // Never log the connection string: it may carry a password.
      this.config.logger.warn('event bus listener could not connect; relying on polling', {
        channels: [...this.channels.keys()],
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
      channels: [...this.channels.keys()],
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
