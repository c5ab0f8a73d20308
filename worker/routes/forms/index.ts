import type { RouteEntry } from "../../http/registry";
import { createFormLogicRule } from "./create-rule";
import { createFormTemplate } from "./create-template";
import { deleteFormLogicRule } from "./delete-rule";
import { deleteFormTemplate } from "./delete-template";
import { listGeneratedFormsRoute } from "./list-generated-forms";
import { listFormLogicRules } from "./list-rules";
import { listFormTemplates } from "./list-templates";
import { readFormTemplate } from "./read-template";
import { recordGeneratedFormRoute } from "./record-generated-form";
import { updateFormTemplate } from "./update-template";

/** Form templates, forms-logic rules and generated-form records (CONTRACT section 6, Forms). */
export const formRoutes: RouteEntry[] = [
  createFormTemplate,
  listFormTemplates,
  readFormTemplate,
  updateFormTemplate,
  deleteFormTemplate,
  createFormLogicRule,
  listFormLogicRules,
  deleteFormLogicRule,
  recordGeneratedFormRoute,
  listGeneratedFormsRoute,
];
