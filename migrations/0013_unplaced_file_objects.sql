CREATE TABLE `unplaced_file_objects` (
	`object_key` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`file_id` text NOT NULL,
	`stored_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `unplaced_file_objects_stored_idx` ON `unplaced_file_objects` (`stored_at`);