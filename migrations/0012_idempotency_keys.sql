CREATE TABLE `idempotency_keys` (
	`company_id` text NOT NULL,
	`caller_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`holder` text NOT NULL,
	`state` text NOT NULL,
	`status` integer,
	`body` text,
	`content_type` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `caller_id`, `idempotency_key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expiry` ON `idempotency_keys` (`expires_at`);