// One story per client case: the records made by the builders as the real service sends them, or
// the service's own failure, served to the story alone through msw-storybook-addon.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { buildDataset, buildEvaluation, DEFAULT_APP_ID, type EvaluationCaseId } from "evals-contract/build";
import type { MswOverrideOptions } from "evals-contract/msw";
import { EvaluationList } from "./EvaluationList";
import { handlers } from "./service-handlers";

const meta = {
  title: "EvaluationList",
  component: EvaluationList,
  args: { appId: DEFAULT_APP_ID },
} satisfies Meta<typeof EvaluationList>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The story's parameters: handlers that answer before the preview's (the addon removes them after the story). */
const serving = (options: MswOverrideOptions) => ({ msw: { handlers: { evaluationService: handlers.override(options) } } });

/** The app's list: one evaluation showing `clientCase`. */
const oneShowing = (clientCase: EvaluationCaseId) => buildDataset({ evaluations: [buildEvaluation({}, { case: clientCase })] });

export const Failed: Story = { parameters: serving({ data: oneShowing("evaluation-status-failed") }) };

export const Running: Story = { parameters: serving({ data: oneShowing("evaluation-status-started") }) };

export const EmptyList: Story = { parameters: serving({ data: buildDataset({ evaluations: [] }) }) };

export const DeletedEvaluatorConfig: Story = { parameters: serving({ data: oneShowing("evaluation-deleted-evaluator-config") }) };

export const ErrorResult: Story = { parameters: serving({ data: oneShowing("evaluation-error-result") }) };

// The 502 page nginx serves when the service is down, for every operation.
export const Gateway502: Story = { parameters: serving({ scenario: { fault: "gateway" } }) };
