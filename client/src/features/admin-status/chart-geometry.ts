export interface Series {
  name: string;
  values: (number | null)[];
}

export interface ChartBox {
  width: number;
  height: number;
  padding: number;
}

/** The largest value shown, rounded up to a readable axis top (never 0, so a flat line sits on the floor). */
export const axisTop = (series: Series[]): number => {
  const max = Math.max(0, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / magnitude) * magnitude;
};

/** An SVG path for one series; gaps (null) break the line instead of drawing a false zero. */
export const linePath = (values: (number | null)[], top: number, box: ChartBox): string => {
  const innerW = box.width - 2 * box.padding;
  const innerH = box.height - 2 * box.padding;
  const step = values.length > 1 ? innerW / (values.length - 1) : 0;
  let path = '';
  let pen = false;
  values.forEach((v, i) => {
    if (v === null) {
      pen = false;
      return;
    }
    const x = box.padding + i * step;
    const y = box.padding + innerH - (v / top) * innerH;
    path += `${pen ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)} `;
    pen = true;
  });
  return path.trim();
};
