// Daily jobs (issue 12): the record of each day given to each daily job (server/jobs/scheduler.ts). A day
// is inserted once, whichever process gets there first, and sent to the job queue in the same transaction;
// the queue itself (pg-boss) keeps its tables in the schema pgboss, created and migrated by pg-boss.
export default `
CREATE TABLE job_day (
  job_name text NOT NULL,
  day date NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  queued_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  PRIMARY KEY (job_name, day)
);
CREATE INDEX job_day_day_idx ON job_day (day);
`
