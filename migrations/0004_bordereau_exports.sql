CREATE TABLE `bordereau_export_chunks` (
	`export_id` text NOT NULL,
	`chunk_index` integer NOT NULL,
	`company_id` text NOT NULL,
	`row_count` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`written_at` text,
	PRIMARY KEY(`export_id`, `chunk_index`)
);
--> statement-breakpoint
CREATE INDEX `bordereau_export_chunks_company_idx` ON `bordereau_export_chunks` (`company_id`);--> statement-breakpoint
CREATE TABLE `bordereau_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`status` text NOT NULL,
	`spreadsheet_id` text NOT NULL,
	`sheet_title` text NOT NULL,
	`row_count` integer NOT NULL,
	`column_count` integer NOT NULL,
	`chunks_total` integer NOT NULL,
	`chunks_done` integer NOT NULL,
	`rows_written` integer NOT NULL,
	`error` text,
	`access_token` text,
	`created_at` text NOT NULL,
	`started_at` text,
	`completed_at` text,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `bordereau_exports_company_created_idx` ON `bordereau_exports` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `export_presets` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`entity_type` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`owner_user_id` text NOT NULL,
	`field_keys` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `export_presets_owner_name_idx` ON `export_presets` (`company_id`,`owner_user_id`,`entity_type`,`name_key`);--> statement-breakpoint
CREATE INDEX `export_presets_company_created_idx` ON `export_presets` (`company_id`,`created_at`);