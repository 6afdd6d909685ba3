/** Width of disc `disc` (1 = the smallest) of `discs`, % of a peg's column: 3:1 from the largest. */
export function discWidthPercent(disc: number, discs: number): number {
  const smallest = 31;
  const largest = 93;
  return discs <= 1 ? largest : smallest + ((largest - smallest) * (disc - 1)) / (discs - 1);
}
