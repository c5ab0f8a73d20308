import { ApiError } from "./api-error";

/** Lifecycle refusals (reset, wipes, forced imports, moves): 409 for every caller (CONTRACT section 3). */
export const lifecycleRefused = (message: string) => new ApiError({ code: "CompanyLifecycleRefused", message });
