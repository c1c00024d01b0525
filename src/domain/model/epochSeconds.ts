/** Epoch seconds of a Date: the unit of every JWT time claim and of the stores' expiries. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
