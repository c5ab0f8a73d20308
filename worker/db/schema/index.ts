export * from "./access";
export * from "./audit";
