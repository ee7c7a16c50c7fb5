-- The users whose own lists (my-items, applied-items) show a request item: its customer, its
-- carrier parties and every applicant. Each change to the item, its parts or an application is
-- announced to them on the channel lists_changed when its transaction commits, so that a server's
-- memory of those lists forgets them (decision 073). PostgreSQL sends a payload once per
-- transaction, however many rows named it.
CREATE FUNCTION "notify_lists_changed"(user_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lists_changed', u::text) FROM unnest(user_ids) AS u WHERE u IS NOT NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_item_lists"(item uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_lists_changed(array(
    SELECT unnest(array[r.creator_id, r.carrier_id, r.receiver_id]) FROM request_items r WHERE r.id = item
    UNION SELECT c.applicant_id FROM candidates c WHERE c.request_item_id = item));
END
$$;--> statement-breakpoint
CREATE FUNCTION "request_items_lists_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The parties it had: a driver taken off a job no longer lists it.
  IF TG_OP <> 'INSERT' THEN
    PERFORM notify_lists_changed(array[OLD.creator_id, OLD.carrier_id, OLD.receiver_id]);
  END IF;
  PERFORM notify_item_lists(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "request_items_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "request_items"
  FOR EACH ROW EXECUTE FUNCTION "request_items_lists_changed"();--> statement-breakpoint
-- An application is in its applicant's list and counted in the customer's; the driver a manager
-- assigned sees the manager's approved one.
CREATE FUNCTION "candidates_lists_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c candidates := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.applicant_id <> NEW.applicant_id THEN
    PERFORM notify_lists_changed(array[OLD.applicant_id]);
  END IF;
  PERFORM notify_lists_changed(array(
    SELECT unnest(array[c.applicant_id, r.creator_id, r.carrier_id, r.receiver_id])
    FROM request_items r WHERE r.id = c.request_item_id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "candidates"
  FOR EACH ROW EXECUTE FUNCTION "candidates_lists_changed"();--> statement-breakpoint
-- The parts of an item (delivery, stops, warehouse, photos) are shown wherever the item is.
CREATE FUNCTION "item_parts_lists_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.request_item_id <> NEW.request_item_id) THEN
    PERFORM notify_item_lists(OLD.request_item_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM notify_item_lists(NEW.request_item_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "delivery_items_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "delivery_items"
  FOR EACH ROW EXECUTE FUNCTION "item_parts_lists_changed"();--> statement-breakpoint
CREATE TRIGGER "transport_stops_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "transport_stops"
  FOR EACH ROW EXECUTE FUNCTION "item_parts_lists_changed"();--> statement-breakpoint
CREATE TRIGGER "warehouse_items_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "warehouse_items"
  FOR EACH ROW EXECUTE FUNCTION "item_parts_lists_changed"();--> statement-breakpoint
CREATE TRIGGER "request_item_images_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "request_item_images"
  FOR EACH ROW EXECUTE FUNCTION "item_parts_lists_changed"();
