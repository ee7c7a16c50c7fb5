ALTER TABLE "user_notifications" DROP CONSTRAINT "user_notifications_notification_id_notifications_id_fk";
--> statement-breakpoint
DROP INDEX "user_notifications_notification_idx";--> statement-breakpoint
ALTER TABLE "user_notifications" DROP CONSTRAINT "user_notifications_user_id_notification_id_pk";--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_notification_id_user_id_pk" PRIMARY KEY("notification_id","user_id");