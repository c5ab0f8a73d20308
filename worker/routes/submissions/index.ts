import type { RouteEntry } from "../../http/registry";
import { closeSubmission } from "./close-submission";
import { createLegacySubmission } from "./create-legacy-submission";
import { reopenSubmission } from "./reopen-submission";

/** The submission lifecycle (close, reopen) and the oldest family's create. */
export const submissionRoutes: RouteEntry[] = [closeSubmission, reopenSubmission, createLegacySubmission];
