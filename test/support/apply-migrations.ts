import { applyD1Migrations, env } from "cloudflare:test";

// Storage is isolated per test file; every file starts from the migrated, empty schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
