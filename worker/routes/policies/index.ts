import type { RouteEntry } from "../../http/registry";
import { cancelPolicy } from "./cancel";
import { deleteAllPolicies } from "./delete-all";
import { endorsePolicy } from "./endorse";
import { newBusiness } from "./new-business";
import { reinstatePolicy } from "./reinstate";
import { renewPolicy } from "./renew";
import { repairPolicy } from "./repair";

/** Policies: the five transactions, the Sandbox wipe and the staff repair. */
export const policyRoutes: RouteEntry[] = [
  newBusiness,
  renewPolicy,
  endorsePolicy,
  cancelPolicy,
  reinstatePolicy,
  deleteAllPolicies,
  repairPolicy,
];
