export function startEmbeddedCluster(options: {
  dir: string;
  port?: number;
  portIsPreference?: boolean;
  /** Tests only: no waits for the disk (fsync and full-page writes off). */
  throwaway?: boolean;
  log?: (line: string) => void;
}): Promise<{ url: string; port: number; postmasterPid: number | undefined; stop: () => Promise<void> }>;
export function initialiseEmbeddedCluster(options: { dir: string; throwaway?: boolean; log?: (line: string) => void }): Promise<void>;
export function embeddedDatabaseUrl(port: number, database?: string): string;
export function freePort(preferred?: number): Promise<number>;
export function isAlive(pid: number): boolean;
export function postmasterPid(databaseDir: string): number | undefined;
export function stopOrphanCluster(dir: string, log?: (line: string) => void): Promise<'none' | 'stopped'>;
export function watchCluster(postmaster: number, server?: number): number | undefined;
