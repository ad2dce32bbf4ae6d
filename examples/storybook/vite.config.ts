// Storybook's Vite builder reads this file: React's JSX transform and Fast Refresh.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [react()] });
