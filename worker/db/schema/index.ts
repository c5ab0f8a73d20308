export * from "./access";
export * from "./audit";
export * from "./bordereau";
export * from "./configuration";
export * from "./data-validation";
export * from "./entities";
export * from "./financials";
export * from "./policies";
