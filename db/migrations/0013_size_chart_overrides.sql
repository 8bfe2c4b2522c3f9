CREATE TABLE "size_chart_overrides" (
	"profile" text NOT NULL,
	"family" text NOT NULL,
	"sizes" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_chart_overrides_profile_family_pk" PRIMARY KEY("profile","family")
);
