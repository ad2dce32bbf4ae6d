// Every story's requests to the service (/api) answered in the browser's service worker by the
// toolkit's handlers. They are the worker's initial handlers, so they outlast the reset between
// stories; a story's own handlers (parameters.msw) go before them, and go with the story.
import type { Preview } from "@storybook/react-vite";
import { setupWorker } from "msw/browser";
import { mswLoader } from "msw-storybook-addon/csf3";
import { handlers } from "../src/service-handlers";

const preview: Preview = {
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...handlers);
      // The handlers claim the service's paths only: Storybook's own files go to the network.
      await worker.start({ quiet: true, onUnhandledRequest: "bypass" });
      return worker;
    }),
  ],
};
export default preview;
