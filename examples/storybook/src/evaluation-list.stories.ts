// The list with the default dataset (the preview's handlers), and with a story's own data.
import type { Meta, StoryObj } from "@storybook/html-vite";
import { createMswHandlers } from "evals-contract/msw";
import { evaluationList, type EvaluationListProps } from "./evaluation-list.js";

const meta = {
  title: "EvaluationList",
  render: evaluationList,
  args: { appId: "65e48be31b48af5e4a2d9bf1" },
} satisfies Meta<EvaluationListProps>;
export default meta;

type Story = StoryObj<EvaluationListProps>;

export const Default: Story = {};

export const Empty: Story = {
  parameters: {
    msw: { handlers: { evaluationService: createMswHandlers({ basePath: "/api", data: { evaluations: [], human_evaluations: [] } }) } },
  },
};
