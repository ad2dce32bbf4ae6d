// "1 error", "2 errors": counts in messages, written one way everywhere.
export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;
