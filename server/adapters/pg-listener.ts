import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * One dedicated connection that LISTENs on named channels and re-emits notifications. It reconnects after a
 * dropped connection and then emits `reconnected`, so listeners can re-read anything they might have missed.
 */
export class PgListener extends EventEmitter {
  private client?: pg.Client;
  private closed = false;
  private readonly channels = new Set<string>();

  constructor(private readonly connectionString: string) {
    super();
    this.setMaxListeners(0);
  }

  async listen(channel: string): Promise<void> {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    this.channels.add(channel);
    if (!this.client) await this.connect();
    else await this.client.query(`LISTEN ${channel}`);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (n) => this.emit(n.channel, n.payload ?? ''));
    client.on('error', () => this.reconnectSoon(client));
    client.on('end', () => this.reconnectSoon(client));
    await client.connect();
    for (const c of this.channels) await client.query(`LISTEN ${c}`);
    this.client = client;
  }

  private reconnectSoon(dead: pg.Client): void {
    if (this.closed || this.client !== dead) return;
    this.client = undefined;
    const retry = () => {
      if (this.closed) return;
      this.connect().then(
        () => this.emit('reconnected'),
        () => setTimeout(retry, 500),
      );
    };
    setTimeout(retry, 100);
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }
}
