export function startEmbeddedCluster(options: {
  dir: string;
  port?: number;
  portIsPreference?: boolean;
  log?: (line: string) => void;
}): Promise<{ url: string; port: number; stop: () => Promise<void> }>;
export function embeddedDatabaseUrl(port: number, database?: string): string;
export function freePort(preferred?: number): Promise<number>;
