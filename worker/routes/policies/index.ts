import type { RouteEntry } from "../../http/registry";
import { cancelPolicy } from "./cancel";
import { endorsePolicy } from "./endorse";
import { newBusiness } from "./new-business";
import { reinstatePolicy } from "./reinstate";
import { renewPolicy } from "./renew";

/** Policies: the five transactions. */
export const policyRoutes: RouteEntry[] = [newBusiness, renewPolicy, endorsePolicy, cancelPolicy, reinstatePolicy];
