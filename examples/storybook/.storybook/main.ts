// Storybook (HTML + Vite); public/ holds mockServiceWorker.js (`npx msw init public --save`).
import type { StorybookConfig } from "@storybook/html-vite";

const config: StorybookConfig = {
  framework: "@storybook/html-vite",
  stories: ["../src/*.stories.ts"],
  staticDirs: ["../public"],
};
export default config;
