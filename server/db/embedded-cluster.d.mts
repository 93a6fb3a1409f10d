export function startEmbeddedCluster(options: { dir: string; port: number; log?: (line: string) => void }): Promise<{ url: string; stop: () => Promise<void> }>;
export function embeddedDatabaseUrl(port: number, database?: string): string;
