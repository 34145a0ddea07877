-- Issue 30: the organisation id leads every tenant table's primary key, and keys between tenant
-- tables carry it (the conditions for sharding by organisation). Hand-ordered: drizzle-kit cannot
-- name the primary keys it drops, and foreign keys must move off a key before it is dropped.
--
-- Repair before the composite foreign keys: a message or recipient always belonged to its
-- conversation's or event's organisation; any row that did not is corrected to it.
UPDATE "chat_messages" AS m SET "organization_id" = c."organization_id" FROM "chat_conversations" AS c WHERE c."id" = m."conversation_id" AND m."organization_id" <> c."organization_id";--> statement-breakpoint
UPDATE "notification_recipients" AS r SET "organization_id" = e."organization_id" FROM "notification_events" AS e WHERE e."id" = r."event_id" AND r."organization_id" <> e."organization_id";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk";--> statement-breakpoint
ALTER TABLE "notification_recipients" DROP CONSTRAINT "notification_recipients_event_id_notification_events_id_fk";--> statement-breakpoint
-- analytics_accounts (the storage branch's) still references platform_connections(id): the
-- reference moves to a unique constraint on id before the primary key changes, same definition.
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "analytics_accounts" DROP CONSTRAINT "analytics_accounts_connection_id_platform_connections_id_fk";--> statement-breakpoint
ALTER TABLE "platform_connections" DROP CONSTRAINT "platform_connections_pkey";--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "analytics_accounts" ADD CONSTRAINT "analytics_accounts_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_profiles" DROP CONSTRAINT "artist_profiles_pkey";--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD CONSTRAINT "artist_profiles_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "oauth_states" DROP CONSTRAINT "oauth_states_pkey";--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_pkey";--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "insights" DROP CONSTRAINT "insights_pkey";--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "billing_invoices" DROP CONSTRAINT "billing_invoices_pkey";--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "chat_conversations" DROP CONSTRAINT "chat_conversations_pkey";--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_pkey";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "share_links" DROP CONSTRAINT "share_links_pkey";--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "notification_events" DROP CONSTRAINT "notification_events_pkey";--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_pkey";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "notification_recipients" DROP CONSTRAINT "notification_recipients_event_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_organization_id_event_id_user_id_pk" PRIMARY KEY("organization_id","event_id","user_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_fk" FOREIGN KEY ("organization_id","conversation_id") REFERENCES "public"."chat_conversations"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_event_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."notification_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "oauth_states_state_hash_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_organization_state_hash_idx" ON "oauth_states" USING btree ("organization_id","state_hash");--> statement-breakpoint
CREATE INDEX "oauth_states_state_hash_lookup_idx" ON "oauth_states" USING btree ("state_hash");--> statement-breakpoint
ALTER TABLE "share_links" DROP CONSTRAINT "share_links_token_hash_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_organization_token_hash_idx" ON "share_links" USING btree ("organization_id","token_hash");--> statement-breakpoint
CREATE INDEX "share_links_token_hash_idx" ON "share_links" USING btree ("token_hash");
