import type { RouteEntry } from "../../http/registry";
import { listBordereauRows } from "./bordereau-rows";
import { cancelPolicy } from "./cancel";
import { createExportPreset } from "./create-export-preset";
import { deleteAllPolicies } from "./delete-all";
import { earnedPremiumReport } from "./earned-premium";
import { endorsePolicy } from "./endorse";
import { exportBordereau } from "./export-bordereau";
import { getBordereauExport } from "./get-bordereau-export";
import { getExportPreset } from "./get-export-preset";
import { getPolicy } from "./get-policy";
import { getPolicyVersion } from "./get-policy-version";
import { linkPolicyContact } from "./link-contact";
import { listAllVersions } from "./list-all-versions";
import { listPolicyContacts } from "./list-contacts";
import { listExportPresets } from "./list-export-presets";
import { listPolicies } from "./list-policies";
import { listPolicyVersions } from "./list-policy-versions";
import { newBusiness } from "./new-business";
import { reinstatePolicy } from "./reinstate";
import { renewPolicy } from "./renew";
import { repairPolicy } from "./repair";
import { unlinkPolicyContact } from "./unlink-contact";

/**
 * Policies: the five transactions, reads, contacts, earned premium, the bordereau (rows, exports to Google
 * Sheets, export presets), the Sandbox wipe and the staff repair.
 */
export const policyRoutes: RouteEntry[] = [
  newBusiness,
  renewPolicy,
  endorsePolicy,
  cancelPolicy,
  reinstatePolicy,
  listPolicies,
  listAllVersions,
  listPolicyVersions,
  getPolicyVersion,
  getPolicy,
  listPolicyContacts,
  linkPolicyContact,
  unlinkPolicyContact,
  earnedPremiumReport,
  listBordereauRows,
  exportBordereau,
  getBordereauExport,
  createExportPreset,
  listExportPresets,
  getExportPreset,
  deleteAllPolicies,
  repairPolicy,
];
