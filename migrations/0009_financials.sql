CREATE TABLE `bill_review_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`invoice_id` text NOT NULL,
	`status` text NOT NULL,
	`passed` integer,
	`error` text,
	`invoice_head_journal_id` text NOT NULL,
	`invoice_snapshot` text NOT NULL,
	`catalog_snapshot` text NOT NULL,
	`findings` text NOT NULL,
	`created_at` text NOT NULL,
	`started_at` text,
	`finished_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bill_review_runs_company_sequence_idx` ON `bill_review_runs` (`company_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `bill_review_runs_invoice_idx` ON `bill_review_runs` (`company_id`,`invoice_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `bill_review_runs_company_status_idx` ON `bill_review_runs` (`company_id`,`status`);--> statement-breakpoint
CREATE TABLE `financial_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`key` text NOT NULL,
	`role` text NOT NULL,
	`direction` text,
	`category_id` text,
	`line_item_type_id` text,
	`display_name` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `financial_accounts_company_key_idx` ON `financial_accounts` (`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `financial_balances` (
	`company_id` text NOT NULL,
	`scope_type` text NOT NULL,
	`scope_id` text NOT NULL,
	`account_id` text NOT NULL,
	`net_debit_cents` integer NOT NULL,
	PRIMARY KEY(`company_id`, `scope_type`, `scope_id`, `account_id`)
);
--> statement-breakpoint
CREATE TABLE `financial_members` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`member` text NOT NULL,
	`name` text NOT NULL,
	`settings` text NOT NULL,
	`removed_at` text
);
--> statement-breakpoint
CREATE INDEX `financial_members_company_idx` ON `financial_members` (`company_id`,`member`,`name`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`invoice_type` text NOT NULL,
	`category_id` text NOT NULL,
	`direction` text NOT NULL,
	`status` text NOT NULL,
	`issue_date` text NOT NULL,
	`due_date` text NOT NULL,
	`payee_type` text NOT NULL,
	`payee_id` text NOT NULL,
	`line_items` text NOT NULL,
	`total_cents` integer NOT NULL,
	`paid_cents` integer NOT NULL,
	`head_journal_id` text NOT NULL,
	`revision` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`voided_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_company_sequence_idx` ON `invoices` (`company_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `invoices_company_entity_idx` ON `invoices` (`company_id`,`entity_type`,`entity_id`);--> statement-breakpoint
CREATE INDEX `invoices_company_payee_idx` ON `invoices` (`company_id`,`payee_id`);--> statement-breakpoint
CREATE TABLE `journal_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` text NOT NULL,
	`reverses` text,
	`invoice_id` text,
	`payment_id` text,
	`category_id` text,
	`scopes` text NOT NULL,
	`lines` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `journal_entries_company_sequence_idx` ON `journal_entries` (`company_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `journal_entries_invoice_idx` ON `journal_entries` (`company_id`,`invoice_id`);--> statement-breakpoint
CREATE INDEX `journal_entries_payment_idx` ON `journal_entries` (`company_id`,`payment_id`);--> statement-breakpoint
CREATE TABLE `journal_entry_scopes` (
	`company_id` text NOT NULL,
	`journal_id` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`sequence` integer NOT NULL,
	PRIMARY KEY(`journal_id`, `entity_type`, `entity_id`)
);
--> statement-breakpoint
CREATE INDEX `journal_entry_scopes_entity_idx` ON `journal_entry_scopes` (`company_id`,`entity_type`,`entity_id`,`sequence`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`invoice_id` text,
	`event_id` text,
	`category_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`eroded_cents` integer NOT NULL,
	`paid_on` text NOT NULL,
	`reference` text,
	`payee_type` text,
	`payee_id` text,
	`journal_ids` text NOT NULL,
	`journal_sequence` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_company_sequence_idx` ON `payments` (`company_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`company_id`,`invoice_id`);--> statement-breakpoint
CREATE INDEX `payments_company_event_idx` ON `payments` (`company_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `payments_company_payee_idx` ON `payments` (`company_id`,`payee_id`);--> statement-breakpoint
ALTER TABLE `companies` ADD `bill_review` text;