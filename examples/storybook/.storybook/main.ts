// Storybook 10 with React and Vite; public/ holds mockServiceWorker.js (`npx msw init public --save`).
import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../src/*.stories.ts"],
  staticDirs: ["../public"],
};
export default config;
