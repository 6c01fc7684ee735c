CREATE TABLE "league_assets" (
	"kind" text NOT NULL,
	"asset_id" text NOT NULL,
	"version" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_assets_kind_asset_id_pk" PRIMARY KEY("kind","asset_id")
);
