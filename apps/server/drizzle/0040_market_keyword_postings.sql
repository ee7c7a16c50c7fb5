-- The market's keyword postings (decision 110): each open request's search terms (a bigram with
-- the text that follows it), its filter tags and its type, one row each, in the market's order. A keyword page
-- merges its terms' rows in creation order instead of reading every open request that matches a
-- common word. Written by these triggers in the transaction that writes the request.
CREATE TABLE "request_item_open_terms" (
	"term" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"request_item_id" uuid NOT NULL,
	"following" text
);
--> statement-breakpoint
-- The postings of one request: the unigrams and bigrams of search_text (its pieces joined by line
-- breaks; a term never spans two, as in domain/request-search.ts), each bigram with the distinct
-- texts that start where it occurs, to the end of its piece and at most 10 characters, each after
-- a line break (a word of up to 10 characters is confirmed on its first bigram's row alone:
-- strpos(following, E'\n' || word) > 0); its filter tags and its type as R:<type>. A bigram whose
-- texts would pass 1,600 bytes (a request of hundreds of stops) keeps none, so that its index
-- entry stays far below a B-tree entry's limit (2,704 bytes): its words are confirmed on
-- search_text instead (request_item_text_holds).
CREATE FUNCTION "request_item_postings"(search_text text, filter_tags text[], item_type text)
RETURNS TABLE(term text, following text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(search_text, i, 1), NULL::text FROM generate_series(1, char_length(search_text)) i
   WHERE substr(search_text, i, 1) <> E'\n'
  UNION ALL
  SELECT d.term, CASE WHEN sum(octet_length(d.f) + 1) <= 1600 THEN E'\n' || string_agg(d.f, E'\n' ORDER BY d.f) END FROM (
    SELECT DISTINCT substr(search_text, i, 2) AS term, split_part(substr(search_text, i, 10), E'\n', 1) AS f
      FROM generate_series(1, char_length(search_text) - 1) i
     WHERE strpos(substr(search_text, i, 2), E'\n') = 0
  ) d GROUP BY d.term
  UNION ALL
  SELECT DISTINCT t, NULL::text FROM unnest(filter_tags) t
  UNION ALL
  SELECT 'R:' || item_type, NULL::text
$$;--> statement-breakpoint
-- A word longer than a posting keeps, or in a request whose posting keeps none, confirmed on the
-- request's text. COST 1: rare, and it must not make the planner probe each term's postings once
-- per row rather than merge them in order.
CREATE FUNCTION "request_item_text_holds"(item uuid, word text) RETURNS boolean
LANGUAGE sql STABLE COST 1 AS $$
  SELECT strpos(r.search_text, word) > 0 FROM request_items r WHERE r.id = item
$$;--> statement-breakpoint
-- Its postings leave with the request's old row and come with its new one, while it is open. The
-- old postings are found by their terms (one descent of the index each), so the table needs no
-- second index.
CREATE FUNCTION "request_items_open_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_terms text[];
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'WAITING_APPROVE' AND OLD.deleted_at IS NULL THEN
    old_terms := ARRAY(SELECT p.term FROM request_item_postings(OLD.search_text, OLD.filter_tags, OLD.type) p);
    DELETE FROM request_item_open_terms o
     WHERE o.term = ANY (old_terms) AND o.created_at = OLD.created_at AND o.request_item_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'WAITING_APPROVE' AND NEW.deleted_at IS NULL THEN
    INSERT INTO request_item_open_terms (term, created_at, request_item_id, following)
    SELECT p.term, NEW.created_at, NEW.id, p.following FROM request_item_postings(NEW.search_text, NEW.filter_tags, NEW.type) p;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "request_item_open_terms" ("term", "created_at", "request_item_id", "following")
SELECT p.term, r.created_at, r.id, p.following
  FROM "request_items" r, request_item_postings(r.search_text, r.filter_tags, r.type) p
 WHERE r.status = 'WAITING_APPROVE' AND r.deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "request_item_open_terms_idx" ON "request_item_open_terms" USING btree ("term","created_at" DESC NULLS FIRST,"request_item_id" DESC NULLS FIRST,"following");--> statement-breakpoint
CREATE TRIGGER "request_items_open_terms_insert" AFTER INSERT ON "request_items"
  FOR EACH ROW WHEN (NEW.status = 'WAITING_APPROVE' AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION "request_items_open_terms"();--> statement-breakpoint
CREATE TRIGGER "request_items_open_terms_update" AFTER UPDATE OF "status", "deleted_at", "search_text", "filter_tags", "type", "created_at" ON "request_items"
  FOR EACH ROW WHEN ((OLD.status = 'WAITING_APPROVE' AND OLD.deleted_at IS NULL OR NEW.status = 'WAITING_APPROVE' AND NEW.deleted_at IS NULL)
    AND (OLD.status, OLD.deleted_at, OLD.search_text, OLD.filter_tags, OLD.type, OLD.created_at)
        IS DISTINCT FROM (NEW.status, NEW.deleted_at, NEW.search_text, NEW.filter_tags, NEW.type, NEW.created_at))
  EXECUTE FUNCTION "request_items_open_terms"();--> statement-breakpoint
CREATE TRIGGER "request_items_open_terms_delete" AFTER DELETE ON "request_items"
  FOR EACH ROW WHEN (OLD.status = 'WAITING_APPROVE' AND OLD.deleted_at IS NULL)
  EXECUTE FUNCTION "request_items_open_terms"();--> statement-breakpoint
-- The market's keyword pages no longer read the GIN index of open requests' terms.
DROP INDEX "request_items_open_search_idx";
