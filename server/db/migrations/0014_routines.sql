CREATE TABLE "routine_periods" (
	"number" integer PRIMARY KEY NOT NULL,
	"starts_at" varchar(5) NOT NULL,
	"ends_at" varchar(5) NOT NULL,
	"is_break" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routine_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"days" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routine_settings_one_row" CHECK ("routine_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "routine_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"section" varchar(20) DEFAULT '' NOT NULL,
	"day" text NOT NULL,
	"period" integer NOT NULL,
	"subject" varchar(80) NOT NULL,
	"teacher_id" uuid,
	"room" varchar(20) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routine_substitutes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"section" varchar(20) DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"period" integer NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "routine_slots" ADD CONSTRAINT "routine_slots_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_slots" ADD CONSTRAINT "routine_slots_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_substitutes" ADD CONSTRAINT "routine_substitutes_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_substitutes" ADD CONSTRAINT "routine_substitutes_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "routine_slots_class_id_section_day_period_index" ON "routine_slots" USING btree ("class_id","section","day","period");--> statement-breakpoint
CREATE UNIQUE INDEX "routine_slots_teacher_once" ON "routine_slots" USING btree ("teacher_id","day","period") WHERE "routine_slots"."teacher_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "routine_slots_room_once" ON "routine_slots" USING btree ("room","day","period") WHERE "routine_slots"."room" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "routine_substitutes_class_id_section_date_period_index" ON "routine_substitutes" USING btree ("class_id","section","date","period");--> statement-breakpoint
CREATE UNIQUE INDEX "routine_substitutes_teacher_id_date_period_index" ON "routine_substitutes" USING btree ("teacher_id","date","period");