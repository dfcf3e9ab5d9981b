-- Seat maps: sections (with their own coordinate box, drawn as a submap), tables or boxes
-- (seat groups sold together) and seats. A seat is never "held" as a state: a hold is
-- `held_by` (the browser session id) plus `held_until`, and an expired hold is simply
-- one whose `held_until` has passed, so no sweeper is needed to free it.

CREATE TABLE seat_sections (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'seats' CHECK (kind IN ('seats', 'tables')),
  color text NOT NULL DEFAULT '#7c3aed',
  -- Bounding box in venue coordinates (the stage is at y = 0).
  x real NOT NULL DEFAULT 0,
  y real NOT NULL DEFAULT 0,
  width real NOT NULL DEFAULT 0,
  height real NOT NULL DEFAULT 0,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX seat_sections_event_idx ON seat_sections (event_id);

ALTER TABLE ticket_types
  ADD CONSTRAINT ticket_types_section_fk FOREIGN KEY (section_id) REFERENCES seat_sections(id) ON DELETE SET NULL;

-- A table (mesa) or box: its seats are sold together, as one reservation line.
CREATE TABLE seat_tables (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  section_id integer NOT NULL REFERENCES seat_sections(id) ON DELETE CASCADE,
  name text NOT NULL,
  x real NOT NULL,
  y real NOT NULL,
  radius real NOT NULL DEFAULT 12
);
CREATE INDEX seat_tables_section_idx ON seat_tables (section_id);

CREATE TABLE seats (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  section_id integer NOT NULL REFERENCES seat_sections(id) ON DELETE CASCADE,
  table_id integer REFERENCES seat_tables(id) ON DELETE CASCADE,
  row_label text NOT NULL,
  seat_number text NOT NULL,
  x real NOT NULL,
  y real NOT NULL,
  -- 'available' (free unless a live hold says otherwise), 'sold', or 'blocked' (not on sale).
  state text NOT NULL DEFAULT 'available' CHECK (state IN ('available', 'sold', 'blocked')),
  held_by text,
  held_until timestamptz,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX seats_event_idx ON seats (event_id, id);
CREATE INDEX seats_section_idx ON seats (section_id, sort);
CREATE INDEX seats_table_idx ON seats (table_id) WHERE table_id IS NOT NULL;
-- The picker's sparse status call reads only seats that are not plainly available.
CREATE INDEX seats_taken_idx ON seats (event_id) WHERE state <> 'available' OR held_until IS NOT NULL;
