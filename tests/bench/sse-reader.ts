/** Reads server-sent events from a fetch body (Node 20 has no EventSource). */
export async function readSse(
  url: string,
  headers: Record<string, string>,
  onEvent: (kind: string, id: string | undefined, data: string) => void,
  signal: AbortSignal,
) {
  const res = await fetch(url, { headers, signal });
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
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
      }
    } catch {
      /* aborted at the end of the bench */
    }
  })();
}
