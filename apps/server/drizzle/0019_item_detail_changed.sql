-- An open request's detail is remembered too (decision 080): every write that announces the users
-- who list a request item now also announces the item itself, on the same channel lists_changed.
-- Users and items have uuids of their own, so a payload names one or the other, never both.
CREATE OR REPLACE FUNCTION "notify_item_lists"(item uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_lists_changed(array(
    SELECT item
    UNION SELECT unnest(array[r.creator_id, r.carrier_id, r.receiver_id]) FROM request_items r WHERE r.id = item
    UNION SELECT c.applicant_id FROM candidates c WHERE c.request_item_id = item));
END
$$;--> statement-breakpoint
-- An application changes its item's detail too: how many have applied.
CREATE OR REPLACE FUNCTION "candidates_lists_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c candidates := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.applicant_id <> NEW.applicant_id THEN
    PERFORM notify_lists_changed(array[OLD.applicant_id]);
  END IF;
  PERFORM notify_lists_changed(array(
    SELECT unnest(array[c.request_item_id, c.applicant_id, r.creator_id, r.carrier_id, r.receiver_id])
    FROM request_items r WHERE r.id = c.request_item_id));
  RETURN NULL;
END
$$;
