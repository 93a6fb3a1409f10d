/** Where a balance stood from a moment on (epoch milliseconds): one point per event of the timeline. */
export interface BalanceStep {
  at: number;
  balance: number;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room at the left for the axis labels. */
  left: number;
  /** Room at the top, right and bottom. */
  margin: number;
}

/** The axis top: the highest balance rounded up to 1, 2 or 5 times a power of ten (never 0, so a flat 0 sits on the floor). */
export const axisTop = (steps: readonly BalanceStep[]): number => {
  const max = Math.max(0, ...steps.map((s) => s.balance));
  if (max === 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const nice = [1, 2, 5, 10].find((m) => m * magnitude >= max) ?? 10;
  return nice * magnitude;
};

export interface Scale {
  x: (at: number) => number;
  y: (balance: number) => number;
}

/** Time runs left to right from `from` to `to`; a single instant sits in the middle rather than dividing by zero. */
export const scaleFor = (box: ChartBox, from: number, to: number, top: number): Scale => {
  const innerW = box.width - box.left - box.margin;
  const innerH = box.height - 2 * box.margin;
  return {
    x: (at) => box.left + (to > from ? ((at - from) / (to - from)) * innerW : innerW / 2),
    y: (balance) => box.margin + innerH - (balance / top) * innerH,
  };
};

const fixed = (n: number) => n.toFixed(1);

/**
 * A step line: a balance holds until the next event changes it, so the line stays level between events and moves
 * straight up or down at each one (a sloped line would show balances the member never had). It starts at 0 at the
 * first event and runs on to `to` at the last balance.
 */
export const stepPath = (steps: readonly BalanceStep[], scale: Scale, to: number): string => {
  if (steps.length === 0) return '';
  let path = `M${fixed(scale.x(steps[0].at))},${fixed(scale.y(0))}`;
  for (const s of steps) path += ` H${fixed(scale.x(s.at))} V${fixed(scale.y(s.balance))}`;
  return `${path} H${fixed(scale.x(Math.max(to, steps[steps.length - 1].at)))}`;
};
