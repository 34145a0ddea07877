-- With Clerk: a person's ownership or management of a Clerk organisation, once counted against
-- their plan's artist limit (decision 0027).
CREATE TABLE "clerk_counted_memberships" (
	"subject" text NOT NULL,
	"identity_organization_id" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clerk_counted_memberships_pk" PRIMARY KEY("identity_organization_id","subject")
);
--> statement-breakpoint
ALTER TABLE "clerk_counted_memberships" ADD CONSTRAINT "clerk_counted_memberships_organization_fk" FOREIGN KEY ("identity_organization_id") REFERENCES "public"."organizations"("identity_organization_id") ON DELETE cascade ON UPDATE no action;