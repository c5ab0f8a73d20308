CREATE TABLE `policies` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`policy_number` text NOT NULL,
	`current_version` integer NOT NULL,
	`status` text NOT NULL,
	`previous_policy_id` text,
	`term_start` text NOT NULL,
	`term_end` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `policies_company_number_idx` ON `policies` (`company_id`,`policy_number`);--> statement-breakpoint
CREATE INDEX `policies_company_created_idx` ON `policies` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `policy_contacts` (
	`company_id` text NOT NULL,
	`policy_id` text NOT NULL,
	`person_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`policy_id`, `person_id`)
);
--> statement-breakpoint
CREATE TABLE `policy_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`policy_id` text NOT NULL,
	`version` integer NOT NULL,
	`action` text NOT NULL,
	`transaction_timestamp` text NOT NULL,
	`display_author` text NOT NULL,
	`effective_date` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`coverage` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `policy_versions_policy_version_idx` ON `policy_versions` (`policy_id`,`version`);--> statement-breakpoint
CREATE INDEX `policy_versions_company_timestamp_idx` ON `policy_versions` (`company_id`,`transaction_timestamp`);