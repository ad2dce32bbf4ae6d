// The Evaluation Listing Service under /api, as `evals-contract mock --base-path /api` answers it:
// two finished evaluations of the builders' app (DEFAULT_APP_ID). Stories override it per case.
import { buildDataset } from "evals-contract/build";
import { createMswHandlers } from "evals-contract/msw";

export const handlers = createMswHandlers({ basePath: "/api", data: buildDataset({ evaluations: [{}, {}] }) });
