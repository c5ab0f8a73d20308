CREATE TABLE `data_validation_findings` (
	`run_id` text NOT NULL,
	`company_id` text NOT NULL,
	`entity_id` text NOT NULL,
	`entity_type` text NOT NULL,
	`ordinal` integer NOT NULL,
	`adheres` integer NOT NULL,
	`extra_keys` text NOT NULL,
	`issues` text NOT NULL,
	PRIMARY KEY(`run_id`, `entity_id`)
);
--> statement-breakpoint
CREATE INDEX `data_validation_findings_run_ordinal_idx` ON `data_validation_findings` (`run_id`,`ordinal`);--> statement-breakpoint
CREATE INDEX `data_validation_findings_run_adheres_idx` ON `data_validation_findings` (`run_id`,`adheres`,`ordinal`);--> statement-breakpoint
CREATE INDEX `data_validation_findings_company_idx` ON `data_validation_findings` (`company_id`);--> statement-breakpoint
CREATE TABLE `data_validation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`status` text NOT NULL,
	`entity_types` text NOT NULL,
	`step` integer NOT NULL,
	`cursor_type_index` integer NOT NULL,
	`cursor_created_at` text,
	`cursor_entity_id` text,
	`total_count` integer NOT NULL,
	`processed_count` integer NOT NULL,
	`failed_attempts` integer NOT NULL,
	`error` text,
	`created_at` text NOT NULL,
	`started_at` text,
	`completed_at` text,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `data_validation_runs_company_created_idx` ON `data_validation_runs` (`company_id`,`created_at`);