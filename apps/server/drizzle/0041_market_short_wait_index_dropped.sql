-- Decision 111: a market page filtered by the short wait reads its postings (request_item_open_terms),
-- so the market no longer walks this index.
DROP INDEX "request_items_open_short_wait_idx";