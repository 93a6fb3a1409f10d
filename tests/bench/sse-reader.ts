import http from 'node:http';

/**
 * Reads server-sent events (Node 20 has no EventSource). Plain node:http, not fetch: a bench's clients share the
 * machine with the server they measure, and fetch's web streams cost several times the CPU per frame.
 */
export function readSse(
  url: string,
  headers: Record<string, string>,
  onEvent: (kind: string, id: string | undefined, data: string) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, signal }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`stream answered ${res.statusCode}`));
      }
      resolve();
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let kind = 'message';
          let id: string | undefined;
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) kind = line.slice(7);
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) onEvent(kind, id, data.join('\n'));
        }
      });
      // Aborted at the end of the bench.
      res.on('error', () => undefined);
    });
    req.on('error', (error) => (signal.aborted ? resolve() : reject(error)));
  });
}
