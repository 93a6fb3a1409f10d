/** A table as CSV text (RFC 4180): fields holding a comma, quote or line break are quoted, quotes doubled. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const field = (v: string | number) => {
    const text = String(v);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Hands the browser a CSV file to save. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
