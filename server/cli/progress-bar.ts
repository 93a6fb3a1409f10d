/** A one-line progress bar on a terminal; plain lines every 10% elsewhere (CI logs). */
export function progressBar(out: NodeJS.WriteStream = process.stderr) {
  let lastDecile = -1;
  const started = Date.now();
  return (label: string, done: number, total: number | undefined) => {
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    if (!total) {
      if (out.isTTY) out.write(`\r${label} ${done} events (${rate}/s)   `);
      return;
    }
    const ratio = Math.min(1, done / total);
    if (out.isTTY) {
      const width = 30;
      const filled = Math.round(ratio * width);
      out.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done}/${total} (${rate}/s)   `);
    } else {
      const decile = Math.floor(ratio * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        out.write(`${label} ${(ratio * 100).toFixed(0)}% ${done}/${total} (${rate}/s)\n`);
      }
    }
  };
}

/** One line per step of a long command, with the seconds since the command began (the steps' lengths are the gaps). */
export function stepLines(out: NodeJS.WriteStream = process.stderr, started = performance.now()) {
  return (step: string) => out.write(`\n[${((performance.now() - started) / 1000).toFixed(1)} s] ${step}\n`);
}
