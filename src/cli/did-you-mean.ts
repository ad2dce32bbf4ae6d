// The CLI's did-you-mean for options and names: the shared helper (src/did-you-mean.ts), which the
// record builders use too.
export { didYouMean, editDistance } from "../did-you-mean.js";
