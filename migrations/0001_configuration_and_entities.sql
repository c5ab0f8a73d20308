CREATE TABLE `company_configurations` (
	`company_id` text PRIMARY KEY NOT NULL,
	`document` text NOT NULL,
	`content_hash` text NOT NULL,
	`version` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `entities` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`entity_type` text NOT NULL,
	`data` text NOT NULL,
	`version` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `entities_company_type_created_idx` ON `entities` (`company_id`,`entity_type`,`created_at`);--> statement-breakpoint
CREATE TABLE `relationship_links` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`relationship_key` text NOT NULL,
	`from_id` text NOT NULL,
	`to_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `relationship_links_from_idx` ON `relationship_links` (`company_id`,`relationship_key`,`from_id`);--> statement-breakpoint
CREATE INDEX `relationship_links_to_idx` ON `relationship_links` (`company_id`,`relationship_key`,`to_id`);