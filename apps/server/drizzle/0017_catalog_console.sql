ALTER TABLE "dramas" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "subtitle_languages" jsonb DEFAULT '[]'::jsonb NOT NULL;