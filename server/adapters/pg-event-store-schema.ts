import type { Migration } from '../../projections/migrations/migration';

export const eventStoreMigrations: Migration[] = [
  {
    id: '0001-event-store',
    sql: `
      CREATE TABLE es_streams (
        stream_name text PRIMARY KEY,
        revision bigint NOT NULL
      );
      -- Append-only. transaction_id lets readers skip nothing when appenders commit out of order (see DESIGN.md).
      CREATE TABLE es_events (
        global_position bigserial NOT NULL,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id uuid NOT NULL UNIQUE,
        stream_name text NOT NULL,
        revision bigint NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (transaction_id, global_position),
        UNIQUE (stream_name, revision)
      );
      CREATE RULE es_events_no_update AS ON UPDATE TO es_events DO INSTEAD NOTHING;
      CREATE RULE es_events_no_delete AS ON DELETE TO es_events DO INSTEAD NOTHING;
    `,
  },
  {
    id: '0002-event-store-append-function',
    // One append is one call: the adapter sends `SELECT * FROM es_append(...)` and nothing else, so an append costs
    // one round trip and one commit. Outcomes are rows, not exceptions, so the adapter can name the actual revision.
    sql: `
      CREATE FUNCTION es_append(p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
      RETURNS TABLE (outcome text, event_id uuid, stream_name text, revision bigint, type text, transaction_id text, global_position bigint)
      LANGUAGE plpgsql VOLATILE AS $fn$
      #variable_conflict use_column
      DECLARE
        v_actual bigint;
        v_first bigint;
      BEGIN
        -- The per-stream lock comes before the first write, so the transaction id (taken at that write) grows with
        -- the revision: readers ordering by (transaction_id, global_position) see each stream in revision order. It
        -- also serialises repeats of one append, so the second sees the first's rows (each statement of a VOLATILE
        -- function takes a fresh snapshot).
        PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 7));
        RETURN QUERY
          SELECT 'stored'::text, e.event_id, e.stream_name, e.revision, e.type, e.transaction_id::text, e.global_position
          FROM es_events e WHERE e.event_id = ANY(p_ids);
        IF FOUND THEN RETURN; END IF;
        SELECT s.revision INTO v_actual FROM es_streams s WHERE s.stream_name = p_stream;
        -- coalesce: an exact revision against no stream compares with NULL, which must count as a mismatch.
        IF NOT coalesce(p_expected = 'any'
             OR (p_expected = 'no_stream' AND v_actual IS NULL)
             OR (p_expected = 'stream_exists' AND v_actual IS NOT NULL)
             OR (p_expected ~ '^[0-9]+$' AND v_actual = p_expected::bigint), false) THEN
          RETURN QUERY SELECT 'conflict'::text, NULL::uuid, p_stream, v_actual, NULL::text, NULL::text, NULL::bigint;
          RETURN;
        END IF;
        v_first := coalesce(v_actual + 1, 0);
        RETURN QUERY
          INSERT INTO es_events AS e (event_id, stream_name, revision, type, data, metadata)
          SELECT u.id, p_stream, v_first + u.ord - 1, u.t, u.d, u.m
          FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS u(id, t, d, m, ord)
          ORDER BY u.ord
          RETURNING 'appended'::text, e.event_id, e.stream_name, e.revision, e.type, e.transaction_id::text, e.global_position;
        INSERT INTO es_streams AS s (stream_name, revision) VALUES (p_stream, v_first + cardinality(p_ids) - 1)
          ON CONFLICT (stream_name) DO UPDATE SET revision = EXCLUDED.revision;
      END
      $fn$;
    `,
  },
  {
    id: '0003-event-store-append-many',
    // Group commit: several appends (to any streams, each with its own expected revision and event ids) in one call,
    // one transaction and one commit. Each is decided as es_append decides one, in the order given, and answers its
    // own rows tagged with its index (`req`, from 1): one append's conflict or repeat leaves the others to go on.
    sql: `
      CREATE FUNCTION es_append_many(p_streams text[], p_expected text[], p_counts int[], p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
      RETURNS TABLE (req int, outcome text, event_id uuid, stream_name text, revision bigint, type text, transaction_id text, global_position bigint)
      LANGUAGE plpgsql VOLATILE AS $fn$
      #variable_conflict use_column
      DECLARE
        v_actual bigint;
        v_first bigint;
        v_from int := 1;
        v_to int;
        i int;
      BEGIN
        -- Every stream's lock before the first write, as in es_append (transaction ids grow with revisions), taken in
        -- one order (by the lock's key) so two calls naming the same streams queue behind each other, never deadlock.
        PERFORM pg_advisory_xact_lock(l.k)
        FROM (SELECT DISTINCT hashtextextended(s, 7) AS k FROM unnest(p_streams) AS s ORDER BY 1) AS l;
        FOR i IN 1 .. cardinality(p_streams) LOOP
          v_to := v_from + p_counts[i] - 1;
          RETURN QUERY
            SELECT i, 'stored'::text, e.event_id, e.stream_name, e.revision, e.type, e.transaction_id::text, e.global_position
            FROM es_events e WHERE e.event_id = ANY(p_ids[v_from:v_to]);
          IF NOT FOUND THEN
            SELECT s.revision INTO v_actual FROM es_streams s WHERE s.stream_name = p_streams[i];
            IF NOT coalesce(p_expected[i] = 'any'
                 OR (p_expected[i] = 'no_stream' AND v_actual IS NULL)
                 OR (p_expected[i] = 'stream_exists' AND v_actual IS NOT NULL)
                 OR (p_expected[i] ~ '^[0-9]+$' AND v_actual = p_expected[i]::bigint), false) THEN
              RETURN QUERY SELECT i, 'conflict'::text, NULL::uuid, p_streams[i], v_actual, NULL::text, NULL::text, NULL::bigint;
            ELSE
              v_first := coalesce(v_actual + 1, 0);
              RETURN QUERY
                INSERT INTO es_events AS e (event_id, stream_name, revision, type, data, metadata)
                SELECT u.id, p_streams[i], v_first + u.ord - 1, u.t, u.d, u.m
                FROM unnest(p_ids[v_from:v_to], p_types[v_from:v_to], p_data[v_from:v_to], p_metadata[v_from:v_to]) WITH ORDINALITY AS u(id, t, d, m, ord)
                ORDER BY u.ord
                RETURNING i, 'appended'::text, e.event_id, e.stream_name, e.revision, e.type, e.transaction_id::text, e.global_position;
              INSERT INTO es_streams AS s (stream_name, revision) VALUES (p_streams[i], v_first + p_counts[i] - 1)
                ON CONFLICT (stream_name) DO UPDATE SET revision = EXCLUDED.revision;
            END IF;
          END IF;
          v_from := v_to + 1;
        END LOOP;
      END
      $fn$;
    `,
  },
  {
    id: '0004-event-store-revision-from-events',
    // A stream's revision is read from its newest event (one descent of the (stream_name, revision) index, under the
    // stream's lock) instead of kept in es_streams: an append writes its events and nothing else.
    sql: `
      DROP TABLE es_streams;
      CREATE OR REPLACE FUNCTION es_append(p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
      RETURNS TABLE (outcome text, event_id uuid, stream_name text, revision bigint, type text, transaction_id text, global_position bigint)
      LANGUAGE plpgsql VOLATILE AS $fn$
      #variable_conflict use_column
      DECLARE
        v_actual bigint;
        v_first bigint;
      BEGIN
        -- The per-stream lock comes before the first write, so the transaction id (taken at that write) grows with
        -- the revision: readers ordering by (transaction_id, global_position) see each stream in revision order. It
        -- also serialises repeats of one append, so the second sees the first's rows (each statement of a VOLATILE
        -- function takes a fresh snapshot).
        PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 7));
        RETURN QUERY
          SELECT 'stored'::text, e.event_id, e.stream_name, e.revision, e.type, e.transaction_id::text, e.global_position
          FROM es_events e WHERE e.event_id = ANY(p_ids);
        IF FOUND THEN RETURN; END IF;
        SELECT max(e.revision) INTO v_actual FROM es_events e WHERE e.stream_name = p_stream;
        -- coalesce: an exact revision against no stream compares with NULL, which must count as a mismatch.
        IF NOT coalesce(p_expected = 'any'
             OR (p_expected = 'no_stream' AND v_actual IS NULL)
             OR (p_expected = 'stream_exists' AND v_actual IS NOT NULL)
             OR (p_expected ~ '^[0-9]+$' AND v_actual = p_expected::bigint), false) THEN
          RETURN QUERY SELECT 'conflict'::text, NULL::uuid, p_stream, v_actual, NULL::text, NULL::text, NULL::bigint;
          RETURN;
        END IF;
        v_first := coalesce(v_actual + 1, 0);
        RETURN QUERY
          INSERT INTO es_events AS e (event_id, stream_name, revision, type, data, metadata)
          SELECT u.id, p_stream, v_first + u.ord - 1, u.t, u.d, u.m
          FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS u(id, t, d, m, ord)
          ORDER BY u.ord
          RETURNING 'appended'::text, e.event_id, e.stream_name, e.revision, e.type, e.transaction_id::text, e.global_position;
      END
      $fn$;
      CREATE OR REPLACE FUNCTION es_append_many(p_streams text[], p_expected text[], p_counts int[], p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
      RETURNS TABLE (req int, outcome text, event_id uuid, stream_name text, revision bigint, type text, transaction_id text, global_position bigint)
      LANGUAGE plpgsql VOLATILE AS $fn$
      #variable_conflict use_column
      DECLARE
        v_actual bigint;
        v_first bigint;
        v_from int := 1;
        v_to int;
        i int;
      BEGIN
        -- Every stream's lock before the first write, as in es_append (transaction ids grow with revisions), taken in
        -- one order (by the lock's key) so two calls naming the same streams queue behind each other, never deadlock.
        PERFORM pg_advisory_xact_lock(l.k)
        FROM (SELECT DISTINCT hashtextextended(s, 7) AS k FROM unnest(p_streams) AS s ORDER BY 1) AS l;
        FOR i IN 1 .. cardinality(p_streams) LOOP
          v_to := v_from + p_counts[i] - 1;
          RETURN QUERY
            SELECT i, 'stored'::text, e.event_id, e.stream_name, e.revision, e.type, e.transaction_id::text, e.global_position
            FROM es_events e WHERE e.event_id = ANY(p_ids[v_from:v_to]);
          IF NOT FOUND THEN
            SELECT max(e.revision) INTO v_actual FROM es_events e WHERE e.stream_name = p_streams[i];
            IF NOT coalesce(p_expected[i] = 'any'
                 OR (p_expected[i] = 'no_stream' AND v_actual IS NULL)
                 OR (p_expected[i] = 'stream_exists' AND v_actual IS NOT NULL)
                 OR (p_expected[i] ~ '^[0-9]+$' AND v_actual = p_expected[i]::bigint), false) THEN
              RETURN QUERY SELECT i, 'conflict'::text, NULL::uuid, p_streams[i], v_actual, NULL::text, NULL::text, NULL::bigint;
            ELSE
              v_first := coalesce(v_actual + 1, 0);
              RETURN QUERY
                INSERT INTO es_events AS e (event_id, stream_name, revision, type, data, metadata)
                SELECT u.id, p_streams[i], v_first + u.ord - 1, u.t, u.d, u.m
                FROM unnest(p_ids[v_from:v_to], p_types[v_from:v_to], p_data[v_from:v_to], p_metadata[v_from:v_to]) WITH ORDINALITY AS u(id, t, d, m, ord)
                ORDER BY u.ord
                RETURNING i, 'appended'::text, e.event_id, e.stream_name, e.revision, e.type, e.transaction_id::text, e.global_position;
            END IF;
          END IF;
          v_from := v_to + 1;
        END LOOP;
      END
      $fn$;
    `,
  },
];
