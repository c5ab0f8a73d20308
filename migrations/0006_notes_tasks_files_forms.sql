CREATE TABLE `file_object_purges` (
	`object_key` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`requested_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `file_object_purges_company_idx` ON `file_object_purges` (`company_id`,`requested_at`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`sha256` text NOT NULL,
	`object_key` text NOT NULL,
	`folder_id` text,
	`category` text,
	`entity_type` text,
	`entity_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `files_company_created_idx` ON `files` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `files_folder_idx` ON `files` (`company_id`,`folder_id`);--> statement-breakpoint
CREATE INDEX `files_record_idx` ON `files` (`company_id`,`entity_type`,`entity_id`);--> statement-breakpoint
CREATE TABLE `folders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`parent_id` text,
	`entity_type` text,
	`entity_id` text,
	`category` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `folders_record_idx` ON `folders` (`company_id`,`entity_type`,`entity_id`,`name`);--> statement-breakpoint
CREATE INDEX `folders_parent_idx` ON `folders` (`company_id`,`parent_id`,`name`);--> statement-breakpoint
CREATE TABLE `notes` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`note` text NOT NULL,
	`privileged` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `notes_record_idx` ON `notes` (`company_id`,`entity_type`,`entity_id`,`created_at`,`id`,`privileged`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`status` text NOT NULL,
	`assignee` text,
	`due_date` text,
	`due_timezone` text,
	`entity_type` text,
	`entity_id` text,
	`completed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `tasks_company_due_idx` ON `tasks` (`company_id`,`due_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `tasks_record_idx` ON `tasks` (`company_id`,`entity_type`,`entity_id`);--> statement-breakpoint
CREATE TABLE `form_logic_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`form_number` text NOT NULL,
	`entity_type` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `form_logic_rules_number_idx` ON `form_logic_rules` (`company_id`,`form_number`);--> statement-breakpoint
CREATE INDEX `form_logic_rules_created_idx` ON `form_logic_rules` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `form_templates` (
	`company_id` text NOT NULL,
	`number` text NOT NULL,
	`name` text NOT NULL,
	`edition` text,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `number`)
);
--> statement-breakpoint
CREATE TABLE `generated_forms` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`form_number` text NOT NULL,
	`form_name` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `generated_forms_company_created_idx` ON `generated_forms` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `generated_forms_record_idx` ON `generated_forms` (`company_id`,`entity_type`,`entity_id`,`created_at`);