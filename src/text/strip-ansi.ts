// Removes terminal colour codes from child tools' output before it is parsed or shown: Prism's
// colours are switched off through the environment, but a user's FORCE_COLOR may win, and Pact's
// verifier colours its report.
// eslint-disable-next-line no-control-regex -- matching the escape character is the point
const ANSI = /\u001b\[[0-9;]*m/g;

export const stripAnsi = (text: string): string => text.replace(ANSI, "");
