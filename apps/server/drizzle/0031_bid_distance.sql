-- A carrier may state its own road distance with its bid; its standard-fare breakdown uses it (issue 45, decision 100).
ALTER TABLE "candidates" ADD COLUMN "distance_km" numeric(6, 1);