// Reads coverage inputs in a child process whose heap a test limits (--max-old-space-size): prints the
// inputs as JSON. test/coverage/hostile-input.test.ts runs it on a HAR file larger than that heap.
import { readObservationFiles } from "../../src/coverage/read-observations.js";

const { inputs, observations } = await readObservationFiles(process.argv.slice(2));
process.stdout.write(`${JSON.stringify({ inputs, lines: observations.length })}\n`);
