CREATE TABLE `quote_bindings` (
	`quote_id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`policy_id` text NOT NULL,
	`bound_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_bindings_submission_idx` ON `quote_bindings` (`submission_id`);--> statement-breakpoint
CREATE INDEX `quote_bindings_company_policy_idx` ON `quote_bindings` (`company_id`,`policy_id`);--> statement-breakpoint
CREATE TABLE `quote_records` (
	`quote_id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`rating_workflow_name` text,
	`rated_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_records_submission_ordinal_idx` ON `quote_records` (`submission_id`,`ordinal`);--> statement-breakpoint
CREATE INDEX `quote_records_company_idx` ON `quote_records` (`company_id`);--> statement-breakpoint
CREATE TABLE `submission_records` (
	`submission_id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`intake_status` text NOT NULL,
	`quotes_created` integer NOT NULL,
	`application_id` text NOT NULL
);
