CREATE TABLE "search_keyword_days" (
	"day" date NOT NULL,
	"keyword" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "search_keyword_days_day_keyword_pk" PRIMARY KEY("day","keyword")
);
