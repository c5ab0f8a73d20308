export * from "./access";
export * from "./audit";
export * from "./configuration";
export * from "./entities";
