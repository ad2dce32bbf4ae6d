// Every story's requests under /api answered by the toolkit's handlers in the browser's service
// worker, as `evals-contract mock --base-path /api` answers them (the embedded default dataset).
import type { Preview } from "@storybook/html-vite";
import { mswLoader } from "msw-storybook-addon/csf3";
import { createMswHandlers } from "evals-contract/msw";

const preview: Preview = {
  loaders: [mswLoader()],
  parameters: {
    msw: { handlers: { evaluationService: createMswHandlers({ basePath: "/api" }) } },
  },
};
export default preview;
